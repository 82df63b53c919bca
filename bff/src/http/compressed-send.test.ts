import type { IncomingMessage, ServerResponse } from "node:http"
import { gzipSync } from "node:zlib"
import express from "express"
import request from "supertest"
import { describe, expect, it } from "vitest"
import { sendCompressed } from "./compressed-send.js"

const BODY = JSON.stringify({ posts: Array.from({ length: 50 }, (_, index) => ({ id: index, caption: "Leg day, again" })) })
const HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" }

describe("sending an answer compressed", () => {
  it("gzips for a client that takes gzip and sends the rest as it is, both with Vary and their own length", async () => {
    const handler = (req: IncomingMessage, res: ServerResponse) => sendCompressed(req, res, BODY, { headers: HEADERS })
    const zipped = await request(handler).get("/").set("Accept-Encoding", "gzip, deflate, br")
    expect(zipped.headers).toMatchObject({ "content-encoding": "gzip", vary: "Accept-Encoding", "cache-control": "no-store" })
    expect(zipped.headers["content-length"]).toBe(String(gzipSync(BODY).length))
    expect(zipped.text).toBe(BODY)

    const plain = await request(handler).get("/").set("Accept-Encoding", "identity")
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.headers).toMatchObject({ vary: "Accept-Encoding", "content-length": String(Buffer.byteLength(BODY)) })
    expect(plain.text).toBe(BODY)
  })

  it("compresses a kept body once, however often it is sent, and only once a client takes gzip", async () => {
    const kept: { gzipped?: Buffer } = {}
    const handler = (req: IncomingMessage, res: ServerResponse) => sendCompressed(req, res, BODY, { headers: HEADERS, keep: kept })
    await request(handler).get("/").set("Accept-Encoding", "identity")
    expect(kept.gzipped).toBeUndefined()
    expect((await request(handler).get("/").set("Accept-Encoding", "gzip")).text).toBe(BODY)
    const first = kept.gzipped
    expect(first).toBeInstanceOf(Buffer)
    expect((await request(handler).get("/").set("Accept-Encoding", "gzip")).text).toBe(BODY)
    expect(kept.gzipped).toBe(first)
  })

  it("compresses off the event loop when told, and has sent the answer when its promise settles", async () => {
    let sent = false
    const handler = async (req: IncomingMessage, res: ServerResponse) => {
      await sendCompressed(req, res, Buffer.from(BODY), { headers: HEADERS, offTheLoop: true })
      sent = res.writableEnded
    }
    const zipped = await request(handler).get("/").set("Accept-Encoding", "gzip")
    expect(zipped.headers).toMatchObject({ "content-encoding": "gzip", vary: "Accept-Encoding", "content-length": String(gzipSync(BODY).length) })
    expect(zipped.text).toBe(BODY)
    expect(sent).toBe(true)
    const plain = await request(handler).get("/").set("Accept-Encoding", "identity")
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.text).toBe(BODY)
  })

  it("sends through Express's res.send when given it: its ETag on the bytes sent, and a 304 that keeps Vary and the encoding", async () => {
    const app = express()
    app.get("/", (req, res) => {
      res.type("html")
      sendCompressed(req, res, "<p>Leg day</p>", { send: (bytes) => res.send(bytes) })
    })
    const zipped = await request(app).get("/").set("Accept-Encoding", "gzip")
    expect(zipped.headers).toMatchObject({ "content-encoding": "gzip", vary: "Accept-Encoding", "content-type": "text/html; charset=utf-8" })
    expect(zipped.headers.etag).toMatch(/^W\/"/)
    expect(zipped.text).toBe("<p>Leg day</p>")
    const plain = await request(app).get("/").set("Accept-Encoding", "identity")
    expect(plain.headers.etag).not.toBe(zipped.headers.etag)

    const again = await request(app).get("/").set("Accept-Encoding", "gzip").set("If-None-Match", String(zipped.headers.etag))
    expect(again.status).toBe(304)
    expect(again.headers).toMatchObject({ "content-encoding": "gzip", vary: "Accept-Encoding" })
  })
})
