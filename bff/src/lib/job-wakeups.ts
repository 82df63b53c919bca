import pg from "pg"
import type { Db } from "./db.js"
import { JOBS_CHANNEL, type JobQueue } from "./jobs.js"
import type { Logger } from "./logger.js"

/** The first attempt to listen again waits this long after the connection was lost; each further one twice as long, up to the most. */
const RELISTEN_MS = 1_000
const MOST_RELISTEN_MS = 30_000

/**
 * Wakes the queue that runs a job as soon as the job is queued, on this replica or any other: a connection of its own
 * LISTENs on the jobs' channel, where enqueueJob announces each due job at its transaction's commit. The queues keep
 * polling meanwhile, so a notice lost (the connection down, the database restarting) costs a poll's wait, never a job;
 * on every (re)connection each queue looks once, for what was queued while nobody listened.
 */
export function jobWakeups({ db, logger, queues }: { db: Db; logger: Logger; queues: JobQueue[] }) {
  let listening: pg.Client | undefined
  let stopped = true
  let relisten: NodeJS.Timeout | undefined
  let wait = RELISTEN_MS
  let lost = false
  const gone = new WeakSet<pg.Client>()

  const wake = (kind: string) => {
    for (const queue of queues) if (queue.handles(kind)) queue.kick()
  }

  async function listen(): Promise<void> {
    const client = new pg.Client(db.options)
    client.on("notification", ({ payload }) => payload && wake(payload))
    client.on("error", () => lose(client))
    client.on("end", () => lose(client))
    try {
      await client.connect()
      await client.query(`listen ${JOBS_CHANNEL}`)
    } catch (error) {
      if (!lost) logger.warn({ err: error }, "job wake-ups can't listen; the queues poll until they can")
      lost = true
      lose(client)
      return
    }
    if (stopped) return void client.end().catch(() => undefined)
    if (lost) logger.info("job wake-ups listen again")
    listening = client
    lost = false
    wait = RELISTEN_MS
    for (const queue of queues) queue.kick()
  }

  function lose(client: pg.Client): void {
    if (gone.has(client)) return
    gone.add(client)
    if (listening === client) listening = undefined
    client.end().catch(() => undefined)
    if (stopped) return
    if (!lost) logger.warn("job wake-ups lost their connection; the queues poll until it is back")
    lost = true
    relisten = setTimeout(() => void listen(), wait)
    relisten.unref()
    wait = Math.min(MOST_RELISTEN_MS, wait * 2)
  }

  return {
    start(): void {
      if (!stopped) return
      stopped = false
      void listen()
    },
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(relisten)
      const client = listening
      listening = undefined
      if (client) {
        gone.add(client)
        await client.end().catch(() => undefined)
      }
    },
  }
}
