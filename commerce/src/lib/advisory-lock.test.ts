import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runUnderAdvisoryLock } from "./advisory-lock"

const DATABASE_URL = `${process.env.TEST_DATABASE_SERVER_URL || "postgres://postgres@127.0.0.1:5432"}/postgres`
// A lock of this test's own, so a real migration elsewhere on the server is never waited for.
const LOCK_ID = 726_419_999

let folder = ""
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "advisory-lock-"))
})
afterAll(() => rm(folder, { recursive: true, force: true }))

/** A command that notes its start, waits, then notes its end in `log`. */
const noting = (log: string, name: string) => [
  "-e",
  `const fs = require("node:fs"); fs.appendFileSync(${JSON.stringify(log)}, "${name} start\\n"); setTimeout(() => fs.appendFileSync(${JSON.stringify(log)}, "${name} end\\n"), 300)`,
]

describe("runUnderAdvisoryLock", () => {
  it("runs two commands started at once one after the other", async () => {
    const log = path.join(folder, "runs.log")
    const codes = await Promise.all(["a", "b"].map((name) => runUnderAdvisoryLock(DATABASE_URL, LOCK_ID, process.execPath, noting(log, name))))
    expect(codes).toEqual([0, 0])
    const lines = (await readFile(log, "utf8")).trim().split("\n")
    expect(lines).toHaveLength(4)
    // Whichever went first ended before the other started.
    expect(lines[1]).toBe(lines[0]!.replace("start", "end"))
    expect(lines[3]).toBe(lines[2]!.replace("start", "end"))
  })

  it("passes the command's exit code on and frees the lock for the next", async () => {
    expect(await runUnderAdvisoryLock(DATABASE_URL, LOCK_ID, process.execPath, ["-e", "process.exit(3)"])).toBe(3)
    expect(await runUnderAdvisoryLock(DATABASE_URL, LOCK_ID, process.execPath, ["-e", ""])).toBe(0)
  })
})
