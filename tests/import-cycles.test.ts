import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { cyclesOf, groupGraph, importGraph } from "./import-graph.js"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const SOURCES = ["bff/src", "contracts/src", "web-client/src", "storefront/src", "admin/src"].map((folder) => path.join(ROOT, folder))
const relative = (files: string[]) => files.map((file) => path.relative(ROOT, file))

/** A feature folder of one of the parts (`bff:checkout`, `storefront:cart`), or undefined outside features/. */
const featureOf = (file: string) => {
  const match = /(bff|storefront|admin)\/src\/features\/([^/]+)\//.exec(file)
  return match ? `${match[1]}:${match[2]}` : undefined
}

describe("the one-way imports (README, Layout)", () => {
  const graph = importGraph(SOURCES)

  it("has no import cycle between modules", () => {
    expect(graph.size).toBeGreaterThan(300)
    expect(cyclesOf(graph).map(relative)).toEqual([])
  })

  it("has no cycle between feature folders: two features never need each other", () => {
    expect(cyclesOf(groupGraph(graph, featureOf))).toEqual([])
  })

  it("finds a cycle when there is one (the check itself)", () => {
    const made = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ])
    expect(cyclesOf(made)).toEqual([["a", "b", "c"]])
    expect(
      cyclesOf(
        groupGraph(
          new Map([
            ["x/features/one/a.ts", ["x/features/two/b.ts"]],
            ["x/features/two/b.ts", ["x/features/one/c.ts"]],
          ]),
          (f) => /features\/([^/]+)/.exec(f)?.[1],
        ),
      ),
    ).toEqual([["one", "two"]])
  })
})
