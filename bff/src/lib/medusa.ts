import Medusa from "@medusajs/js-sdk"
import type { Db } from "./db.js"
import { firstComeQueue, QueueFull } from "./first-come-queue.js"
import { metrics, type MedusaOutcome } from "./metrics.js"
import { onwardHeaders } from "./request-context.js"
import { inClientSpan } from "./tracing.js"

/**
 * Calls to commerce's /internal routes (checkout carts, orders, addresses) run at most this many at once;
 * the rest wait their turn in order. Medusa on two cores gets no faster with more at once, only slower
 * for each (a drop's checkouts all timing out together), so a busy Medusa means waiting, not failing.
 */
const INTERNAL_CONCURRENCY = 4
/** Past this many waiting, a call is refused at once (as if Medusa were down) rather than queued for minutes. */
const INTERNAL_QUEUE_CAPACITY = 1000
const INTERNAL_CALL_TIMEOUT_MS = 10_000
/**
 * One call through the SDK (sign-up, sign-in, a password reset, the read model's pages of 100 products): longer
 * than the internal calls' because a full rebuild's page is the slowest healthy call, and only a hang should end here.
 */
const STORE_CALL_TIMEOUT_MS = 30_000

/**
 * Work that waits on Medusa, taking turns in a bounded first-come queue as wide as Medusa takes calls at
 * once; a call that gives way joins it only once no other call is running or waiting (or its wait is up). A full
 * queue answers as an unreachable Medusa does (CommerceInternalError 503), so callers treat the two alike.
 */
export function medusaTurns({ concurrency = INTERNAL_CONCURRENCY, giveWayMaxMs = GIVE_WAY_MAX_MS }: { concurrency?: number; giveWayMaxMs?: number } = {}): <T>(
  path: string,
  task: () => Promise<T>,
  options?: { givesWay?: boolean },
) => Promise<T> {
  const queue = firstComeQueue({ concurrency, capacity: INTERNAL_QUEUE_CAPACITY })
  let givingWay = 0

  /** Waits until the only calls in the queue are others that give way, or the longest wait has passed. */
  async function forShoppers(): Promise<void> {
    const until = Date.now() + giveWayMaxMs
    for (;;) {
      const { running, waiting } = queue.size()
      if (running + waiting <= givingWay || Date.now() >= until) return
      await new Promise((resolve) => setTimeout(resolve, GIVE_WAY_POLL_MS))
    }
  }

  return async (path, task, options = {}) => {
    try {
      if (!options.givesWay) return await queue.run(task)
      await forShoppers()
      givingWay += 1
      try {
        return await queue.run(task)
      } finally {
        givingWay -= 1
      }
    } catch (error) {
      if (error instanceof QueueFull) throw new CommerceInternalError(path, 503, "too many calls waiting for Medusa")
      throw error
    }
  }
}

/** The HTTP status of an error the Medusa SDK threw, if it carries one. */
export function medusaErrorStatus(error: unknown): number | undefined {
  return typeof error === "object" && error !== null ? (error as { status?: number }).status : undefined
}

/** The title the seed gives the storefront's publishable key; the BFF looks it up by this. */
export const PUBLISHABLE_KEY_TITLE = "Storefront"

type InternalInit = {
  method?: "GET" | "POST" | "DELETE"
  body?: unknown
  /** Non-2xx statuses whose JSON body is an answer the caller reads (e.g. 409 with the reason), not an error. */
  acceptStatuses?: number[]
  /**
   * Work nobody waits for (telling Medusa what the courier did): it starts once no other call is running or waiting,
   * or after GIVE_WAY_MAX_MS, so a burst of it never takes Medusa from shoppers at checkout.
   */
  givesWay?: boolean
}

/** How long a call that gives way waits for Medusa to be free of shoppers' calls before it goes anyway. */
const GIVE_WAY_MAX_MS = 20_000
const GIVE_WAY_POLL_MS = 50

/** A non-2xx answer from one of commerce's /internal routes; `status` lets a caller tell a 404 from a failure. */
export class CommerceInternalError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    /** Medusa's own message, when it sent one. */
    readonly detail = "",
  ) {
    super(`commerce answered ${path} with ${status}${detail ? `: ${detail}` : ""}`)
  }
}

export type Commerce = {
  /** The SDK with the storefront's publishable key; waits for the key the first time. */
  store(): Promise<Medusa>
  /** The India region (INR) that every price and cart uses. */
  regionId(): Promise<string>
  isUp(): Promise<boolean>
  /** Calls one of commerce's /internal routes with the shared secret; a non-2xx answer throws CommerceInternalError. */
  internal<T>(path: string, init?: InternalInit): Promise<T>
}

export type CommerceOptions = { baseUrl: string; publishableKey?: string | undefined; internalSecret: string; db: Db }

/**
 * Medusa could not be reached, or did not answer in time: every call the BFF makes to it (the SDK's and /internal)
 * fails with this, so a caller without a better answer of its own gets a 503 from the error handler.
 */
export class CommerceUnreachable extends Error {
  constructor(cause: unknown) {
    super(`Medusa could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
    this.name = "CommerceUnreachable"
  }
}

/** Whether an error means Medusa couldn't be asked (down, timing out, failing), so trying again later may work. */
export function isCommerceUnavailable(error: unknown): boolean {
  if (error instanceof CommerceInternalError) return error.status >= 500
  if (error instanceof CommerceUnreachable) return true
  return error instanceof TypeError || (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
}

/**
 * A fetch to Medusa whose failure to connect or to answer in time is a CommerceUnreachable; Medusa's own refusals
 * (the SDK's FetchError with a status: a wrong password, a missing record) pass through as they are.
 */
async function reachingMedusa(api: "store" | "internal", send: (onward: Record<string, string>) => Promise<Response>): Promise<Response> {
  const started = performance.now()
  let outcome: MedusaOutcome = "ok"
  try {
    const response = await inClientSpan(`medusa ${api}`, (carried) => send(onwardHeaders(carried)))
    if (response.status >= 500) outcome = "failed"
    return response
  } catch (error) {
    const status = medusaErrorStatus(error)
    outcome = status === undefined ? "unreachable" : status >= 500 ? "failed" : "ok"
    if (status !== undefined) throw error
    throw new CommerceUnreachable(error)
  } finally {
    metrics.medusaCall(api, outcome, (performance.now() - started) / 1000)
  }
}

/**
 * The SDK sets no deadline of its own: a Medusa that takes the connection and never answers would hold a sign-in
 * (and its request) forever. Every call it makes gets one, ending as an /internal call's does (CommerceUnreachable).
 */
function withDeadline(client: Medusa, ms: number): Medusa {
  const fetchOnce = client.client.fetch_
  client.client.fetch_ = (input, init) =>
    reachingMedusa("store", (onward) =>
      fetchOnce(input, { ...init, headers: { ...init?.headers, ...onward }, signal: init?.signal ?? AbortSignal.timeout(ms) }),
    )
  return client
}

/** The one Medusa client of the BFF: finds the publishable key and the INR region by itself. */
export function createCommerce({ baseUrl, publishableKey, internalSecret, db }: CommerceOptions): Commerce {
  let sdk: Promise<Medusa> | undefined
  let region: Promise<string> | undefined

  async function findPublishableKey(): Promise<string> {
    if (publishableKey) return publishableKey
    const { rows } = await db.query<{ token: string }>(
      `select token from public.api_key
        where type = 'publishable' and title = $1 and revoked_at is null and deleted_at is null
        order by created_at limit 1`,
      [PUBLISHABLE_KEY_TITLE],
    )
    const token = rows[0]?.token
    if (!token) throw new Error(`No publishable key titled "${PUBLISHABLE_KEY_TITLE}" in Medusa; run the seed`)
    return token
  }

  function store(): Promise<Medusa> {
    sdk ??= findPublishableKey().then((key) =>
      withDeadline(new Medusa({ baseUrl, publishableKey: key, auth: { type: "jwt", jwtTokenStorageMethod: "nostore" } }), STORE_CALL_TIMEOUT_MS),
    )
    // A failed lookup is not cached: the next request tries again (the seed may still be running).
    sdk.catch(() => (sdk = undefined))
    return sdk
  }

  function regionId(): Promise<string> {
    region ??= store().then(async (client) => {
      const { regions } = await client.store.region.list({ limit: 50 })
      const india = regions.find((r) => r.currency_code === "inr")
      if (!india) throw new Error("Medusa has no INR region; run the seed")
      return india.id
    })
    region.catch(() => (region = undefined))
    return region
  }

  async function isUp(): Promise<boolean> {
    try {
      const response = await fetch(new URL("/health", baseUrl), { signal: AbortSignal.timeout(2000) })
      return response.ok
    } catch {
      return false
    }
  }

  const internalTurns = medusaTurns()

  async function internal<T>(path: string, init: InternalInit = {}): Promise<T> {
    return internalTurns(path, () => callInternal<T>(path, init), { givesWay: init.givesWay === true })
  }

  /** One call, timed from when it starts (not from when it joined the queue). */
  async function callInternal<T>(path: string, init: InternalInit): Promise<T> {
    const response = await reachingMedusa("internal", (onward) =>
      fetch(new URL(path, baseUrl), {
        method: init.method ?? "GET",
        headers: { "content-type": "application/json", "x-internal-secret": internalSecret, ...onward },
        body: init.body === undefined ? null : JSON.stringify(init.body),
        signal: AbortSignal.timeout(INTERNAL_CALL_TIMEOUT_MS),
      }),
    )
    if (!response.ok && !init.acceptStatuses?.includes(response.status)) {
      const body = (await response.json().catch(() => ({}))) as { message?: unknown }
      throw new CommerceInternalError(path, response.status, typeof body.message === "string" ? body.message.slice(0, 300) : "")
    }
    return (await response.json()) as T
  }

  return { store, regionId, isUp, internal }
}
