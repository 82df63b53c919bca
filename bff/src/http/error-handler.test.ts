import net, { type AddressInfo } from "node:net"
import express from "express"
import pg from "pg"
import request from "supertest"
import { afterAll, describe, expect, inject, it } from "vitest"
import { capturedLog, LEVEL } from "../../test/capture-log.js"
import { createLogger, type Logger } from "../lib/logger.js"
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, errorHandler, notFoundHandler } from "./error-handler.js"
import { conflict } from "./errors.js"

function appThrowing(error: unknown, logger: Logger = createLogger("silent")) {
  const app = express()
  app.get("/boom", async () => {
    throw error
  })
  app.use(notFoundHandler)
  app.use(errorHandler(logger))
  return app
}

describe("errorHandler", () => {
  it("turns an HttpError into its status and { error, message }", async () => {
    const response = await request(appThrowing(conflict("Selected size is out of stock"))).get("/boom")
    expect(response.status).toBe(409)
    expect(response.body).toEqual({ error: "Selected size is out of stock", message: "Selected size is out of stock", code: "conflict" })
  })

  it("answers an unexpected error with a 500 that leaks no stack or message", async () => {
    const response = await request(appThrowing(new Error("password=hunter2 at db.ts:12"))).get("/boom")
    expect(response.status).toBe(500)
    expect(response.body).toEqual({ error: "Something went wrong", message: "Something went wrong", code: "internal_error" })
    expect(response.text).not.toContain("hunter2")
  })

  it("answers a malformed %-escape in a route parameter, or one a handler decodes, with a 400", async () => {
    const app = express()
    app.get("/things/:id", (req, res) => {
      res.json({ id: req.params.id })
    })
    app.get("/files/{*path}", (req, res) => {
      res.json({ path: decodeURIComponent(req.path) })
    })
    app.use(errorHandler(createLogger("silent")))
    for (const path of ["/things/%E0%A4%A", "/things/%zz", "/files/%"]) {
      const response = await request(app).get(path)
      expect(response.status, path).toBe(400)
      expect(response.body).toMatchObject({ code: "bad_request", message: "The address has a malformed %-escape." })
    }
  })

  it("answers a missing route with a JSON 404", async () => {
    const response = await request(appThrowing(null)).get("/missing")
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ error: "No route for GET /missing", message: "No route for GET /missing", code: "not_found" })
  })
})

/** A TCP server on a free port that does `onSocket` with each connection (PostgreSQL going wrong in one way). */
async function fakePostgres(onSocket: (socket: net.Socket) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on("error", () => undefined)
    onSocket(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `postgres://shop@127.0.0.1:${port}/shop`,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work()
  } catch (error) {
    return error
  }
  throw new Error("expected the work to fail")
}

async function queryOnce(connectionString: string, options: pg.PoolConfig = {}): Promise<unknown> {
  const pool = new pg.Pool({ connectionString, connectionTimeoutMillis: 200, ...options })
  pool.on("error", () => undefined)
  try {
    return await failureOf(() => pool.query("select 1"))
  } finally {
    await pool.end()
  }
}

describe("errorHandler while PostgreSQL is unreachable", () => {
  const db = new pg.Pool({ connectionString: inject("databaseUrl") })
  afterAll(() => db.end())

  /** The errors node-postgres gives when the server restarts or the network to it fails, each made for real. */
  const failures: [string, () => Promise<unknown>][] = [
    [
      "a refused connection (the server is down)",
      async () => {
        const gone = await fakePostgres(() => undefined)
        await gone.close()
        return queryOnce(gone.url)
      },
    ],
    [
      "a connection dropped mid-query",
      async () => {
        const dropping = await fakePostgres((socket) => socket.once("data", () => socket.destroy()))
        try {
          return await queryOnce(dropping.url)
        } finally {
          await dropping.close()
        }
      },
    ],
    [
      "a server that never answers the connect",
      async () => {
        const silent = await fakePostgres(() => undefined)
        try {
          return await queryOnce(silent.url)
        } finally {
          await silent.close()
        }
      },
    ],
    [
      "a pool whose connections stay busy past the connect timeout",
      async () => {
        const busy = new pg.Pool({ connectionString: inject("databaseUrl"), max: 1, connectionTimeoutMillis: 100 })
        const held = await busy.connect()
        try {
          return await failureOf(() => busy.query("select 1"))
        } finally {
          held.release()
          await busy.end()
        }
      },
    ],
    [
      "the server shutting down (57P01, as pg_terminate_backend sends it)",
      async () => {
        const client = new pg.Client({ connectionString: inject("databaseUrl") })
        client.on("error", () => undefined)
        await client.connect()
        try {
          const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid")
          const sleeping = failureOf(() => client.query("select pg_sleep(5)"))
          await db.query("select pg_terminate_backend($1)", [rows[0]!.pid])
          return await sleeping
        } finally {
          await client.end().catch(() => undefined)
        }
      },
    ],
    [
      "the server still starting up (57P03)",
      async () => Object.assign(new pg.DatabaseError("the database system is starting up", 0, "error"), { code: "57P03" }),
    ],
  ]

  it.each(failures)("answers %s with a 503 that says to try again shortly", async (_case, fail) => {
    const error = await fail()
    const response = await request(appThrowing(error)).get("/boom")
    expect(response.status, String(error)).toBe(503)
    expect(response.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS))
    expect(response.body).toEqual({
      error: DATABASE_UNAVAILABLE,
      message: DATABASE_UNAVAILABLE,
      code: "service_unavailable",
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    })
  })

  it("still answers a query's own error (a bug, not an outage) with a 500", async () => {
    const error = await failureOf(() => db.query("select 1 / 0"))
    const response = await request(appThrowing(error)).get("/boom")
    expect(response.status).toBe(500)
    expect(response.body.code).toBe("internal_error")
  })

  it("logs an outage once, not once a request", async () => {
    const log = capturedLog()
    const app = appThrowing(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }), log.logger)
    for (let i = 0; i < 5; i++) expect((await request(app).get("/boom")).status).toBe(503)
    expect(log.at(LEVEL.warn)).toHaveLength(1)
    expect(log.at(LEVEL.error)).toHaveLength(0)
  })
})
