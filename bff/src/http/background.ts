import { jobHandlersOf, schedulesOf, type FeatureModule, type JobQueueName } from "./feature-module.js"
import type { Db } from "../lib/db.js"
import { jobQueue, type JobQueue } from "../lib/jobs.js"
import type { Logger } from "../lib/logger.js"
import type { Schedule } from "../lib/schedules.js"

/** Work the app does beside answering requests; serve.ts starts it, tests drive it. */
export type Background = {
  jobs: JobQueue
  /** Account mail (codes, reset links), a queue of its own so a slow Medusa or carrier job never delays a code. */
  mail: JobQueue
  /** Order messages (placed, shipped, …), a queue of their own so a burst of them delays neither codes nor dispatch. */
  messages: JobQueue
  /** Medusa told what already happened (the courier's scans): a queue of its own, whose calls give way to shoppers'. */
  mirror: JobQueue
  /** Accepted orders placed in Medusa: a queue of its own, so a drop's winners waiting for Medusa hold up nothing else. */
  placements: JobQueue
  /** The modules' periodic work, collected from their FeatureModules. */
  schedules: Schedule[]
}

/**
 * Order messages are sent at most one each this long (50 a second): a courier's burst of 200 scans is mailed over 4 s
 * instead of taking the cores from checkout for one, and a drop's 10,000 confirmations still go within minutes.
 */
const MESSAGE_PACE_MS = 20

/** The five queues, each with the handlers its modules declare, and the modules' schedules. */
export function backgroundOf(modules: FeatureModule[], { db, logger, pollMs }: { db: Db; logger: Logger; pollMs: number }): Background {
  const queue = (name: JobQueueName, paceMs = 0) => jobQueue({ db, logger, pollMs, handlers: jobHandlersOf(modules, name), paceMs })
  return {
    jobs: queue("jobs"),
    mail: queue("mailJobs"),
    messages: queue("messageJobs", MESSAGE_PACE_MS),
    mirror: queue("mirrorJobs"),
    placements: queue("placementJobs"),
    schedules: schedulesOf(modules),
  }
}
