import { describe, expect, it } from "vitest"
import { medusaTurns } from "./medusa.js"

/** A task that records when it starts and ends, and ends when told. */
function gate(name: string, log: string[]) {
  let open: () => void = () => undefined
  const done = new Promise<void>((resolve) => (open = resolve))
  return {
    task: async () => {
      log.push(`${name} starts`)
      await done
      log.push(`${name} ends`)
      return name
    },
    open: () => open(),
  }
}

const tick = (ms = 120) => new Promise((resolve) => setTimeout(resolve, ms))

describe("medusaTurns", () => {
  it("starts a call that gives way only once the shoppers' calls are done, though a turn was free", async () => {
    const turns = medusaTurns({ concurrency: 4, giveWayMaxMs: 10_000 })
    const log: string[] = []
    const shopper = gate("checkout", log)
    const mirror = gate("shipment", log)
    const checkout = turns("/internal/checkout-carts", shopper.task)
    const shipment = turns("/internal/orders/o/shipment", mirror.task, { givesWay: true })
    await tick()
    expect(log).toEqual(["checkout starts"])
    shopper.open()
    await checkout
    await tick()
    expect(log).toEqual(["checkout starts", "checkout ends", "shipment starts"])
    // A shopper's call coming now is not held up by the shipment already running.
    const later = gate("later checkout", log)
    const laterCheckout = turns("/internal/checkout-carts", later.task)
    await tick(10)
    expect(log.at(-1)).toBe("later checkout starts")
    later.open()
    mirror.open()
    await Promise.all([laterCheckout, shipment])
  })

  it("goes anyway once its longest wait has passed, so a steady stream of shoppers never starves it", async () => {
    const turns = medusaTurns({ concurrency: 4, giveWayMaxMs: 150 })
    const log: string[] = []
    const shopper = gate("checkout", log)
    const checkout = turns("/internal/checkout-carts", shopper.task)
    const shipment = turns("/internal/orders/o/shipment", async () => "shipment", { givesWay: true })
    expect(await shipment).toBe("shipment")
    expect(log).toEqual(["checkout starts"])
    shopper.open()
    await checkout
  })
})
