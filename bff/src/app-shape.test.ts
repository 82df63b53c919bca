import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

const app = readFileSync(new URL("./app.ts", import.meta.url), "utf8")

/** createApp's lines, from its signature to its closing brace. */
function createAppLines(source: string): number {
  const lines = source.split("\n")
  const start = lines.findIndex((line) => line.startsWith("export function createApp("))
  const end = lines.findIndex((line, index) => index > start && line === "}")
  return end - start + 1
}

describe("app.ts stays the shared clients plus the mount list", () => {
  it("createApp is at most 100 lines and app.ts imports at most 40 modules", () => {
    expect(createAppLines(app)).toBeGreaterThan(10)
    expect(createAppLines(app)).toBeLessThanOrEqual(100)
    expect(app.match(/^import /gm)?.length).toBeLessThanOrEqual(40)
  })

  it("hands no module another module's callback: what a module tells or asks goes over the bus", () => {
    // The functions modules used to hand each other; a service object (users.repository) may still be handed.
    const handed = [...app.matchAll(/\b\w+: (\w+)\.(\w+)\b/g)].filter(([, , member]) =>
      /^(on[A-Z]|end|kick|credit|undo|asksOf|scanned|received|refunded|check)/.test(member ?? ""),
    )
    expect(handed.map(([text]) => text)).toEqual([])
  })
})
