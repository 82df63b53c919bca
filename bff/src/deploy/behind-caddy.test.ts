import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { request as httpRequest, type IncomingHttpHeaders } from "node:http"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { LISTING_PAGE_SIZES } from "@fitshop/contracts"
import sharp from "sharp"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { freePort } from "../../../scripts/lib/ports.js"
import { refreshCookieOf, signedUpUser } from "../../test/accounts.js"
import { forwardTo, startBffProcess, type BffProcess } from "../../test/bff-process.js"
import { targetOf, tcpHop, throughHop, type TcpHop } from "../../test/tcp-hop.js"

/**
 * Three BFF replicas (real processes, test/bff-process.ts) behind a real Caddy, as docker-compose.yml runs them:
 * one PostgreSQL, Redis and Medusa, one REDIS_KEY_PREFIX, one media folder. Replica C reaches PostgreSQL through a
 * hop the test can cut. Which replica answered is read from its request log: Caddy gives every request an id
 * (X-Request-Id), the BFF trusts it from its proxy, answers it and logs it.
 */
const CADDY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../deploy/caddy")
const run = randomBytes(4).toString("hex")
/** Each address's budget on the auth routes: small, so the limit is reached in a few requests. */
const PER_ADDRESS = 5
const LISTING = `/api/products?gender=MEN&limit=${LISTING_PAGE_SIZES.shop}`

let replicas: Record<"A" | "B" | "C", BffProcess>
let pgHop: TcpHop
let caddy: ChildProcess | undefined
let caddyLog = ""
let origin: string
let scratch: string

/**
 * The test's Caddyfile: plain HTTP on a free port, no admin API, and the three replicas as static upstreams, which
 * Caddy health-checks (the deployed Caddyfile's dynamic upstreams can't be). Everything else is the deployed
 * Caddyfile's own directives, imported from the same files (deploy/caddy/shop.caddy and upstream.caddy).
 */
function caddyfile(port: number, upstreams: string[]): string {
  return `{
	admin off
	auto_https off
}

http://:${port} {
	bind 127.0.0.1
	import ${path.join(CADDY_DIR, "shop.caddy")}

	reverse_proxy ${upstreams.join(" ")} {
		health_uri /api/health/ready
		health_interval 500ms
		health_timeout 2s
		import ${path.join(CADDY_DIR, "upstream.caddy")}
	}
}
`
}

async function startCaddy(port: number, upstreams: string[]): Promise<void> {
  const version = spawnSync("caddy", ["version"], { encoding: "utf8" })
  if (version.error) throw new Error("caddy is not installed, so the proxy in front of the replicas cannot be tested (apt-get install caddy)")
  const config = path.join(scratch, "Caddyfile")
  await writeFile(config, caddyfile(port, upstreams))
  // Its data and config folders in the scratch folder, never the developer's.
  const env = { PATH: process.env.PATH, HOME: scratch, XDG_DATA_HOME: scratch, XDG_CONFIG_HOME: scratch }
  caddy = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], { env, stdio: ["ignore", "ignore", "pipe"] })
  caddy.stderr!.on("data", (chunk: Buffer) => (caddyLog = (caddyLog + chunk.toString()).slice(-20_000)))
  const deadline = Date.now() + 15_000
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`caddy stopped at start:\n${caddyLog}`)
    const answer = await fetch(`${origin}/api/health/live`).catch(() => undefined)
    if (answer?.ok) return
    if (Date.now() > deadline) throw new Error(`caddy did not answer on port ${port}:\n${caddyLog}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "behind-caddy-"))
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  pgHop = await tcpHop(targetOf(inject("databaseUrl"), 5432))
  const shared = {
    REDIS_KEY_PREFIX: `test:behind-caddy:${run}:`,
    PUBLIC_URL: origin,
    AUTH_RATE_LIMIT_PER_IP: String(PER_ADDRESS),
    // The proxy's address alone: Caddy dials the replicas from 127.0.0.1, the test's direct callers from other
    // loopback addresses, whose X-Forwarded-For must then count for nothing.
    TRUST_PROXY: "127.0.0.1",
  }
  const [a, b, c] = await Promise.all([
    startBffProcess(shared),
    startBffProcess(shared),
    startBffProcess({ ...shared, DATABASE_URL: throughHop(inject("databaseUrl"), pgHop) }),
  ])
  replicas = { A: a, B: b, C: c }
  // Each replica is ready (its catalogue read model built) before Caddy's first checks, so none starts out of rotation.
  const deadline = Date.now() + 30_000
  for (const replica of [a, b, c]) {
    while ((await fetch(`${replica.origin}/api/health/ready`)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`${replica.origin} did not become ready`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  await startCaddy(
    port,
    [a, b, c].map((replica) => new URL(replica.origin).host),
  )
}, 90_000)

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((resolve) => caddy!.once("exit", resolve))
    caddy.kill("SIGTERM")
    await exited
  }
  await Promise.all(Object.values(replicas ?? {}).map((replica) => replica.stop()))
  await pgHop?.close()
  if (scratch) await rm(scratch, { recursive: true, force: true })
}, 60_000)

type Answer = { status: number; headers: IncomingHttpHeaders; body: string }

/** One request on a connection of its own from `from` (a loopback address), so the receiver sees that client address. */
function send(
  target: string,
  pathAndQuery: string,
  { method = "GET", headers = {}, body, from = "127.0.0.1" }: { method?: string; headers?: Record<string, string>; body?: object; from?: string } = {},
): Promise<Answer> {
  const url = new URL(pathAndQuery, target)
  const payload = body ? JSON.stringify(body) : undefined
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress: from,
        agent: false,
        headers: { ...(payload ? { "content-type": "application/json", origin } : {}), ...headers },
      },
      (answer) => {
        let text = ""
        answer.setEncoding("latin1")
        answer.on("data", (chunk: string) => (text += chunk))
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: text }))
      },
    )
    outgoing.on("error", reject)
    outgoing.end(payload)
  })
}

/** Which replica logged each request id (waiting a moment for their log lines); undefined for one none logged. */
async function answeredBy(ids: (string | string[] | undefined)[]): Promise<(keyof typeof replicas | undefined)[]> {
  const find = () =>
    ids.map((id) =>
      (Object.keys(replicas) as (keyof typeof replicas)[]).find((name) =>
        replicas[name].log().some((line) => line.msg === "request" && typeof id === "string" && line.reqId === id),
      ),
    )
  const deadline = Date.now() + 3000
  let found = find()
  while (found.includes(undefined) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    found = find()
  }
  return found
}

const tally = (names: (string | undefined)[]) =>
  names.reduce<Record<string, number>>((counts, name) => ({ ...counts, [name ?? "none"]: (counts[name ?? "none"] ?? 0) + 1 }), {})

describe("three BFF replicas behind Caddy", () => {
  it("spreads requests over all three in turn, each answer's X-Request-Id in one replica's log, and compresses what the BFF sends plain", async ({
    annotate,
  }) => {
    const answers: Answer[] = []
    for (let i = 0; i < 30; i++) answers.push(await send(origin, LISTING, { headers: { "accept-encoding": "zstd" } }))
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200))
    // Caddy's encode (shop.caddy) compressed the listing the BFF sent uncompressed (it gzips only for gzip-accepting clients).
    expect(answers.every((answer) => answer.headers["content-encoding"] === "zstd")).toBe(true)
    const ids = answers.map((answer) => answer.headers["x-request-id"])
    expect(new Set(ids).size).toBe(30)
    const counts = tally(await answeredBy(ids))
    await annotate(`30 listings answered by ${JSON.stringify(counts)}`)
    expect(counts).toEqual({ A: 10, B: 10, C: 10 })
  })

  it("keeps a shopper signed in on every replica: the bearer token on each, the refresh cookie from one to the next", async () => {
    const throughCaddy = forwardTo(origin)
    const shopper = await signedUpUser(throughCaddy, "caddy")
    const me: request.Response[] = []
    for (let i = 0; i < 6; i++) me.push(await request(throughCaddy).get("/api/auth/me").set("Authorization", `Bearer ${shopper.accessToken}`))
    expect(me.map((answer) => [answer.status, answer.body.user?.email])).toEqual(Array(6).fill([200, shopper.email]))
    expect(new Set(await answeredBy(me.map((answer) => answer.headers["x-request-id"])))).toEqual(new Set(["A", "B", "C"]))

    // Each refresh rotates the token; the next replica accepts the one the previous replica issued.
    let cookie = shopper.cookie
    const refreshes: request.Response[] = []
    for (let i = 0; i < 3; i++) {
      const refreshed = await request(throughCaddy).post("/api/auth/refresh").set("Origin", origin).set("Cookie", cookie)
      expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200)
      cookie = refreshCookieOf(refreshed)!
      refreshes.push(refreshed)
    }
    expect(new Set(await answeredBy(refreshes.map((answer) => answer.headers["x-request-id"])))).toEqual(new Set(["A", "B", "C"]))
  })

  it("serves an image uploaded through one replica from the other two", async () => {
    const throughCaddy = forwardTo(origin)
    const shopper = await signedUpUser(throughCaddy, "avatar")
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#335577" } })
      .png()
      .toBuffer()
    const upload = await request(throughCaddy)
      .post("/api/fitfeed/profile/avatar")
      .set("Authorization", `Bearer ${shopper.accessToken}`)
      .attach("avatar", png, "me.png")
    expect(upload.status, JSON.stringify(upload.body)).toBe(201)
    const [uploader] = await answeredBy([upload.headers["x-request-id"]])
    const others = (["A", "B", "C"] as const).filter((name) => name !== uploader)
    expect(others).toHaveLength(2)
    for (const name of others) {
      const image = await request(replicas[name].listener).get(new URL(upload.body.url as string, origin).pathname)
      expect(image.status, `${name} serving ${String(upload.body.url)}`).toBe(200)
      expect(image.headers["content-type"]).toMatch(/^image\//)
    }
  })

  it("counts each client's auth attempts under the address Caddy saw, across replicas, whatever X-Forwarded-For the client sends", async () => {
    const forgot = (target: string, from: string, headers: Record<string, string> = {}) =>
      send(target, "/api/auth/forgot-password", { method: "POST", from, headers, body: { email: `nobody-${run}@example.test` } })

    // One client (127.0.0.2) through Caddy: its budget is one, whichever replica each attempt reaches.
    const attempts: Answer[] = []
    for (let i = 0; i < PER_ADDRESS; i++) attempts.push(await forgot(origin, "127.0.0.2"))
    expect(attempts.map((answer) => answer.status)).toEqual(Array(PER_ADDRESS).fill(200))
    expect(new Set(await answeredBy(attempts.map((answer) => answer.headers["x-request-id"])))).toEqual(new Set(["A", "B", "C"]))
    expect((await forgot(origin, "127.0.0.2")).status).toBe(429)
    // Naming another address through Caddy changes nothing: the BFF believes only the hop its proxy added.
    expect((await forgot(origin, "127.0.0.2", { "x-forwarded-for": "198.51.100.7" })).status).toBe(429)
    // Another client has a budget of its own.
    expect((await forgot(origin, "127.0.0.3")).status).toBe(200)

    // Straight to a replica (not through its proxy), a client's X-Forwarded-For is ignored: a new address each time
    // still spends one budget, its own socket address's.
    const direct: number[] = []
    for (let i = 0; i <= PER_ADDRESS; i++) direct.push((await forgot(replicas.A.origin, "127.0.0.4", { "x-forwarded-for": `203.0.113.${i + 1}` })).status)
    expect(direct).toEqual([...Array(PER_ADDRESS).fill(200), 429])
  })

  it("stops sending traffic to a replica that is not ready, and sends it again once it is", async ({ annotate }) => {
    await pgHop.cut()
    const cutAt = Date.now()
    // Replica C's PostgreSQL is gone: its readiness says so, while it still answers (it is live).
    let ready = await send(replicas.C.origin, "/api/health/ready")
    while (ready.status !== 503 && Date.now() - cutAt < 10_000) ready = await send(replicas.C.origin, "/api/health/ready")
    expect(ready.status).toBe(503)
    expect((await send(replicas.C.origin, "/api/health/live")).status).toBe(200)
    // Caddy's next checks (every 500 ms) take C out.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const answers: Answer[] = []
    for (let i = 0; i < 30; i++) answers.push(await send(origin, LISTING))
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200))
    const whileOut = tally(await answeredBy(answers.map((answer) => answer.headers["x-request-id"])))
    expect(whileOut).toEqual({ A: 15, B: 15 })

    await pgHop.restore()
    const restoredAt = Date.now()
    let back: keyof typeof replicas | undefined
    while (back !== "C" && Date.now() - restoredAt < 15_000) {
      const answer = await send(origin, LISTING)
      expect(answer.status).toBe(200)
      ;[back] = await answeredBy([answer.headers["x-request-id"]])
    }
    expect(back).toBe("C")
    await annotate(`while C was not ready: ${JSON.stringify(whileOut)}; C answered again ${Date.now() - restoredAt} ms after its PostgreSQL came back`)
  })
})
