import express from "express"
import request from "supertest"
import { describe, expect, it } from "vitest"
import { createLogger } from "../lib/logger.js"
import { errorHandler, notFoundHandler } from "./error-handler.js"
import { conflict } from "./errors.js"

function appThrowing(error: unknown) {
  const app = express()
  app.get("/boom", async () => {
    throw error
  })
  app.use(notFoundHandler)
  app.use(errorHandler(createLogger("silent")))
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
