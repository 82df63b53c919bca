import { describe, expect, it } from "vitest"
import { buildBenchCatalogue } from "./bench-catalogue"
import { buildCatalogue } from "./catalogue"

describe("the bench catalogue", () => {
  const bench = buildBenchCatalogue(5000)
  const demoHandles = new Set(buildCatalogue().map((p) => p.handle))

  it("has the requested number of products, with handles of their own that never clash with the demo", () => {
    expect(bench).toHaveLength(5000)
    expect(new Set(bench.map((p) => p.handle)).size).toBe(5000)
    expect(bench.some((p) => demoHandles.has(p.handle))).toBe(false)
    expect(bench.every((p) => demoHandles.has(p.imageHandle))).toBe(true)
  })

  it("spreads prices, colours, seasons and genres so filters select slices, not all or nothing", () => {
    const share = (match: (p: (typeof bench)[number]) => boolean) => bench.filter(match).length / bench.length
    expect(share((p) => p.colorName === "Black")).toBeGreaterThan(0.1)
    expect(share((p) => p.seasonFit === "SUMMER")).toBeGreaterThan(0.2)
    expect(share((p) => p.price >= 500 && p.price < 1000)).toBeGreaterThan(0.1)
    expect(bench.every((p) => p.price >= 199 && (p.mrp === null || p.mrp > p.price))).toBe(true)
  })
})
