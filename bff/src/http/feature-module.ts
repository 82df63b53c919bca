import type { Request, Router } from "express"
import type { Config } from "../config.js"
import type { Db } from "../lib/db.js"
import type { JobHandler } from "../lib/jobs.js"
import type { Logger } from "../lib/logger.js"
import type { Answers, EventBus, EventListeners } from "../lib/event-bus.js"
import type { Commerce } from "../lib/medusa.js"
import type { RateLimiter } from "../lib/rate-limit.js"
import type { Schedule } from "../lib/schedules.js"
import type { EarlyHandler } from "./answer-before-express.js"
import type { Authentication } from "./authenticate.js"

/**
 * What app.ts hands every feature module: the settings, the process's clients, the guards all routes share, and the
 * bus the modules tell what happened to orders and returns.
 */
export type SharedDeps = {
  config: Config
  db: Db
  commerce: Commerce
  logger: Logger
  authentication: Authentication
  limiter: RateLimiter
  events: EventBus
}

/**
 * What a feature adds to the app: each `features/<x>/index.ts` builds one from explicit dependencies, and
 * app.ts mounts them in its listed order (so the first module's routes answer a path two of them share).
 */
export type FeatureModule = {
  /** Mounted under /api on the public listener, after the JSON and cookie parsers. */
  routes?: Router
  /** Mounted under /api before any body parser, for routes that read the raw bytes (Razorpay signs them). */
  rawBodyRoutes?: Router
  /** Requests whose body their own route reads, once the sender is checked; the shared small JSON parser skips them. */
  readsOwnBody?: (req: Request) => boolean
  /** Served on the internal listener for commerce (`/api/internal/*`). */
  internal?: Router[]
  /** Answered before Express dispatches (answer-before-express.ts): the busiest reads. */
  early?: EarlyHandler[]
  /** Mounted at the site's root after the API and the console, before the storefront's fallback to its index.html. */
  pages?: Router
  /** Handlers of the main job queue, by the job names their own files export. */
  jobs?: Record<string, JobHandler>
  /** Handlers of the account-mail queue, kept apart so a slow Medusa or carrier job never delays a code. */
  mailJobs?: Record<string, JobHandler>
  /** Handlers of the order-message queue, kept apart so a burst of order mail delays neither codes nor dispatch. */
  messageJobs?: Record<string, JobHandler>
  /**
   * Handlers of the Medusa-mirror queue: telling Medusa what already happened (the courier's scans), which gives way to
   * shoppers' calls, so kept apart where its waiting holds up nothing else.
   */
  mirrorJobs?: Record<string, JobHandler>
  /**
   * Handlers of the placement queue: accepted orders placed in Medusa one after another, kept apart so a drop's winners
   * waiting for Medusa hold up no other job, and no other job holds them up.
   */
  placementJobs?: Record<string, JobHandler>
  /** The feature's periodic work, run once a period across replicas (lib/schedules.ts). */
  schedules?: Schedule[]
  /** What the feature hears on the bus (lib/event-bus.ts): orders' and returns' events, news from Medusa and the courier. */
  listens?: EventListeners
  /** The questions of the bus this feature answers for the others (one answerer each). */
  answers?: Partial<Answers>
}

export type JobQueueName = "jobs" | "mailJobs" | "messageJobs" | "mirrorJobs" | "placementJobs"

/** Every module's handlers for one queue; a job name two modules claim is refused at start-up. */
export function jobHandlersOf(modules: FeatureModule[], queue: JobQueueName): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {}
  for (const module of modules) {
    for (const [name, handler] of Object.entries(module[queue] ?? {})) {
      if (name in handlers) throw new Error(`two feature modules handle the job "${name}"`)
      handlers[name] = handler
    }
  }
  return handlers
}

/** Every module's schedules, in mounting order; a name two schedules share (one lock and one round for both) is refused at start-up. */
export function schedulesOf(modules: FeatureModule[]): Schedule[] {
  const schedules = modules.flatMap((module) => module.schedules ?? [])
  const names = new Set<string>()
  for (const { name } of schedules) {
    if (names.has(name)) throw new Error(`two schedules are named "${name}"`)
    names.add(name)
  }
  return schedules
}
