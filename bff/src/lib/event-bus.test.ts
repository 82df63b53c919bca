import { describe, expect, it } from "vitest"
import type { Db } from "./db.js"
import { eventBus, type Answers } from "./event-bus.js"

/** The listeners here never query: the transaction's client is only handed on. */
const client = {} as Pick<Db, "query">

const everyAnswer: Answers = {
  returnAsks: async () => new Map(),
  givenBackThroughReturns: async () => ({ toPayment: 0, spentCoins: 0 }),
  deliveryCheck: async () => undefined,
  reviewSummary: async () => ({ rating: null, ratingDistribution: [], fit: null }),
  firstReviews: async () => ({ reviews: [], nextCursor: null }),
}

describe("the bus between the modules", () => {
  it("tells every listener of a channel, one after another in mounting order, and only that channel's", async () => {
    const heard: string[] = []
    const bus = eventBus()
    bus.hear([
      {
        listens: {
          order: async (_client, orderId, event) => {
            await new Promise((resolve) => setTimeout(resolve, 20))
            heard.push(`first ${orderId} ${event}`)
          },
        },
        answers: everyAnswer,
      },
      { listens: { ended: async (orderId, ending) => void heard.push(`ended ${orderId} ${ending}`) } },
      { listens: { order: async (_client, orderId, event, facts) => void heard.push(`second ${orderId} ${event} ${facts?.refundedPaise}`) } },
    ])
    await bus.order(client, "order_1", "cancelled", { refundedPaise: 500 })
    expect(heard).toEqual(["first order_1 cancelled", "second order_1 cancelled 500"])
    await bus.ended("order_2", "returned")
    expect(heard.at(-1)).toBe("ended order_2 returned")
  })

  it("a listener that throws stops the telling, so the publisher's transaction rolls back", async () => {
    const bus = eventBus()
    const heard: string[] = []
    bus.hear([
      { listens: { return: async () => Promise.reject(new Error("mail queue down")) }, answers: everyAnswer },
      { listens: { return: async (_client, returnId) => void heard.push(returnId) } },
    ])
    await expect(bus.return(client, "ret_1", "return_requested")).rejects.toThrow("mail queue down")
    expect(heard).toEqual([])
  })

  it("asks the one module that answers; refuses at start-up a question nobody or two modules answer", async () => {
    const bus = eventBus()
    bus.hear([{ answers: { ...everyAnswer, givenBackThroughReturns: async () => ({ toPayment: 250, spentCoins: 3 }) } }])
    expect(await bus.ask.givenBackThroughReturns(client, "order_1")).toEqual({ toPayment: 250, spentCoins: 3 })

    expect(() => eventBus().hear([{ answers: { returnAsks: everyAnswer.returnAsks } }])).toThrow('no module answers "givenBackThroughReturns", "deliveryCheck"')
    expect(() => eventBus().hear([{ answers: everyAnswer }, { answers: { deliveryCheck: everyAnswer.deliveryCheck } }])).toThrow(
      'two modules answer "deliveryCheck"',
    )
  })

  it("refuses to be used before it heard the modules, and to hear them twice", async () => {
    const bus = eventBus()
    await expect(bus.order(client, "order_1", "placed")).rejects.toThrow("before the app handed it")
    await expect(bus.ask.deliveryCheck("560001")).rejects.toThrow('nobody answers "deliveryCheck" yet')
    bus.hear([{ answers: everyAnswer }])
    expect(() => bus.hear([{ answers: everyAnswer }])).toThrow("once")
  })
})
