import { Router } from "express"
import type { Db } from "../../lib/db.js"
import type { Commerce } from "../../lib/medusa.js"
import type { Redis } from "../../lib/redis.js"

type Status = "up" | "down"

async function probe(check: () => Promise<unknown>): Promise<Status> {
  try {
    await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000).unref())])
    return "up"
  } catch {
    return "down"
  }
}

/**
 * Reports each dependency as up or down. Only what no page can do without, PostgreSQL and the catalogue's read
 * model, makes the answer a 503: with Redis down the shop answers from PostgreSQL, and with Medusa down it still
 * shows the catalogue, the feed and accounts (checkout answers 503 by itself), so a proxy keeps the replica.
 */
export function healthRoutes({
  db,
  redis,
  commerce,
  catalogReady,
}: {
  db: Db
  redis?: Redis | undefined
  commerce: Commerce
  /** The catalogue read model has been built (until then listings would be empty). */
  catalogReady: () => boolean
}): Router {
  const medusaAnswers = async () => {
    if (!(await commerce.isUp())) throw new Error("medusa down")
  }
  const router = Router()
  // The process answers: an orchestrator restarts a replica only when this fails, never for a dependency's outage.
  router.get("/health/live", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" })
  })
  /**
   * Whether this replica should be sent shoppers: PostgreSQL answers and the catalogue is built. Medusa is reported
   * as `checkout` but never makes it 503: without Medusa the shop still browses, and checkout says so by itself.
   */
  router.get("/health/ready", async (_req, res) => {
    const [postgres, checkout] = await Promise.all([probe(() => db.query("select 1")), probe(medusaAnswers)])
    const checks = { postgres, catalog: catalogReady() ? ("up" as const) : ("down" as const), checkout }
    const ready = checks.postgres === "up" && checks.catalog === "up"
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ready" : "not ready", checks })
  })
  router.get("/health", async (_req, res) => {
    const checks: Record<string, Status> = {}
    const [postgres, medusa, cache] = await Promise.all([
      probe(() => db.query("select 1")),
      probe(medusaAnswers),
      redis ? probe(() => redis.ping()) : Promise.resolve(undefined),
    ])
    checks.postgres = postgres
    if (cache) checks.redis = cache
    checks.medusa = medusa
    checks.catalog = catalogReady() ? "up" : "down"
    const healthy = Object.values(checks).every((status) => status === "up")
    const serving = checks.postgres === "up" && checks.catalog === "up"
    res.status(serving ? 200 : 503).json({ status: healthy ? "ok" : "degraded", checks })
  })
  return router
}
