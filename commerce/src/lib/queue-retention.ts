import type { EventBusRedisModuleOptions } from "@medusajs/event-bus-redis"
import type { RedisWorkflowsOptions } from "@medusajs/workflow-engine-redis/dist/types"

/**
 * A failed job is kept to be looked into (its data and error, in BullMQ), for a week and at most the latest 1,000
 * per queue; BullMQ drops the older ones as the next job fails.
 */
export const FAILED_JOBS_KEPT = { age: 7 * 24 * 60 * 60, count: 1_000 }

/**
 * What Medusa's queues keep of a finished job, on a Redis that never evicts (noeviction: a queued job must never be
 * dropped), so only this bounds it: a done job goes at once, a failed one as FAILED_JOBS_KEPT says. BullMQ's own
 * default keeps every failed job for ever.
 */
export const FINISHED_JOB_RETENTION = { removeOnComplete: true, removeOnFail: FAILED_JOBS_KEPT }

/** The event bus's options for every emitted event (an emit's own options still win). */
export const eventBusJobOptions: EventBusRedisModuleOptions["jobOptions"] = FINISHED_JOB_RETENTION

/**
 * The workflow engine's queues (retries and timeouts, scheduled jobs, its cleaner): the default for any job that does
 * not say itself. Its retry and timeout jobs remove themselves when done but set nothing for a failure; its scheduled
 * jobs keep their own bounded history.
 */
export const workflowQueueOptions: RedisWorkflowsOptions["queueOptions"] = { defaultJobOptions: FINISHED_JOB_RETENTION }
