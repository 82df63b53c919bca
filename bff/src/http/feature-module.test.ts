import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../test/app.js"
import { schedulesOf, type FeatureModule } from "./feature-module.js"

const work = async () => undefined

describe("schedulesOf", () => {
  it("collects every module's schedules in mounting order", () => {
    const modules: FeatureModule[] = [
      { schedules: [{ name: "a", everyMs: 1000, run: work }] },
      {},
      {
        schedules: [
          { name: "b", everyMs: 2000, run: work },
          { name: "c", everyMs: 3000, run: work },
        ],
      },
    ]
    expect(schedulesOf(modules).map(({ name }) => name)).toEqual(["a", "b", "c"])
  })

  it("refuses two schedules of one name, which would share one lock and one round", () => {
    const modules: FeatureModule[] = [
      { schedules: [{ name: "pruning", everyMs: 1000, run: work }] },
      { schedules: [{ name: "pruning", everyMs: 60_000, run: work }] },
    ]
    expect(() => schedulesOf(modules)).toThrow('two schedules are named "pruning"')
  })
})

describe("the app's schedules", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    ctx = await createTestApp()
  })
  afterAll(() => ctx.close())

  it("are the ones its feature modules declare, with their names and periods, in mounting order", () => {
    const MINUTE = 60_000
    expect(ctx.app.background.schedules.map(({ name, everyMs }) => ({ name, everyMs }))).toEqual([
      { name: "pruning", everyMs: 60 * MINUTE }, // auth
      { name: "payment reconcile", everyMs: 5 * MINUTE }, // checkout
      { name: "checkout recovery", everyMs: MINUTE }, // checkout
      { name: "order sync", everyMs: 30_000 }, // orders
      { name: "stuck pickups", everyMs: 60 * MINUTE }, // returns
      { name: "trending refresh", everyMs: MINUTE }, // fitfeed
    ])
  })
})
