import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { assignments, expandVariables, parseStages } from "./dockerfile.js"
import { contextFiles, isIgnored, parseDockerignore } from "./dockerignore.js"

const ignored = (rules: string, file: string) => isIgnored(file, parseDockerignore(rules))

describe("the .dockerignore matcher (Docker's rules)", () => {
  it("matches a plain name at the context's root only, and everything under what it matches", () => {
    expect(ignored("scripts", "scripts")).toBe(true)
    expect(ignored("scripts", "scripts/vite/precompress.ts")).toBe(true)
    expect(ignored("scripts", "storefront/scripts/x.ts")).toBe(false)
    expect(ignored("/scripts/", "scripts/a.ts")).toBe(true)
  })

  it("takes ** as any number of folders, none included, and * and ? within one segment", () => {
    expect(ignored("**/node_modules", "node_modules/vite/index.js")).toBe(true)
    expect(ignored("**/node_modules", "bff/node_modules/x")).toBe(true)
    expect(ignored("**/*.log", "a/b/c.log")).toBe(true)
    expect(ignored("**/*.log", "c.log")).toBe(true)
    expect(ignored("*.log", "a/c.log")).toBe(false)
    expect(ignored("storefront/*.ts", "storefront/vite.config.ts")).toBe(true)
    expect(ignored("storefront/*.ts", "storefront/build/paint-first.ts")).toBe(false)
    expect(ignored("docs/**", "docs/a/b.md")).toBe(true)
    expect(ignored("a?c", "abc")).toBe(true)
    expect(ignored("a?c", "a/c")).toBe(false)
    expect(ignored("**/.env.*", "commerce/.env.local")).toBe(true)
    expect(ignored("**/.env.*", "commerce/.envrc")).toBe(false)
  })

  it("lets a later ! line bring back what an earlier one left out, and the last matching line wins", () => {
    expect(ignored("**/*.md\n!README.md", "README.md")).toBe(false)
    expect(ignored("**/*.md\n!README.md", "docs/README.md")).toBe(true)
    expect(ignored("**/*.md\n!README.md\nREADME.md", "README.md")).toBe(true)
    expect(ignored("!keep.txt", "keep.txt")).toBe(false)
  })

  it("ignores comments and blank lines, and escapes what regular expressions would read", () => {
    const rules = "# a comment\n\n  file.txt  \n"
    expect(parseDockerignore(rules).map((pattern) => pattern.source)).toEqual(["file.txt"])
    expect(ignored("file.txt", "fileatxt")).toBe(false)
    expect(ignored("a+b", "a+b")).toBe(true)
  })

  const dir = mkdtempSync(path.join(tmpdir(), "dockerignore-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("sends the files the rules leave, entering an ignored folder only when an exception may bring something back", async () => {
    for (const file of ["a/keep.ts", "a/node_modules/x.js", "b/skip.ts", "b/back.ts", "c.log", "d.ts"]) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      writeFileSync(path.join(dir, file), "")
    }
    expect(await contextFiles(dir, parseDockerignore("**/node_modules\n*.log\nb"))).toEqual(["a/keep.ts", "d.ts"])
    expect(await contextFiles(dir, parseDockerignore("**/node_modules\nb\n!b/back.ts"))).toEqual(["a/keep.ts", "b/back.ts", "c.log", "d.ts"])
  })
})

describe("the Dockerfile reader", () => {
  it("reads stages, continued lines, flags and ENV pairs as Docker does", () => {
    const stages = parseStages(
      'FROM node:24 AS deps\n# comment\nENV A=1 \\\n    B="two words"\nCOPY --from=deps /app/x ./x\nFROM deps AS build\nRUN echo \\\n  hi\nFROM node:24\n',
    )
    expect(stages.map((stage) => [stage.name, stage.base])).toEqual([
      ["deps", "node:24"],
      ["build", "deps"],
      ["2", "node:24"],
    ])
    const [env, copy] = stages[0]!.instructions
    expect(assignments(env!.args, (value) => value)).toEqual([
      ["A", "1"],
      ["B", "two words"],
    ])
    expect(copy).toMatchObject({ keyword: "COPY", flags: { from: "deps" }, args: "/app/x ./x" })
    expect(stages[1]!.instructions[0]).toMatchObject({ keyword: "RUN", args: expect.stringMatching(/^echo\s+hi$/) as string })
    expect(expandVariables("/app/bin:$PATH:${HOME}", { PATH: "/usr/bin", HOME: "/root" })).toBe("/app/bin:/usr/bin:/root")
  })
})
