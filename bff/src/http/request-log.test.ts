import express from "express"
import request from "supertest"
import { describe, expect, it } from "vitest"
import type { Logger } from "../lib/logger.js"
import { requestLog } from "./request-log.js"

function recordingLogger(level: "info" | "warn") {
  const lines: Record<string, unknown>[] = []
  const logger = { isLevelEnabled: (l: string) => level === "info" || l !== "info", info: (line: Record<string, unknown>) => lines.push(line) }
  return { logger: logger as unknown as Logger, lines }
}

describe("requestLog", () => {
  it("logs method, path without the query, status and time once the answer is sent", async () => {
    const { logger, lines } = recordingLogger("info")
    const app = express().use(requestLog(logger, (path) => path === "/api/health"))
    app.get("/api/things", (_req, res) => res.status(201).json({}))
    app.get("/api/health", (_req, res) => res.json({}))
    await request(app).get("/api/things?email=someone@example.test")
    await request(app).get("/api/health")
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ method: "GET", path: "/api/things", status: 201 })
    expect(typeof lines[0]!.ms).toBe("number")
  })

  it("does nothing when info lines are off", async () => {
    const { logger, lines } = recordingLogger("warn")
    const app = express().use(requestLog(logger))
    app.get("/x", (_req, res) => res.end())
    await request(app).get("/x")
    expect(lines).toEqual([])
  })
})
