import type { AdminJob, AdminJobList } from "@fitshop/contracts"
import type { FailedJob } from "../../lib/jobs.js"

/** A failed job as staff see it: never its payload (an account mail's carries an e-mail address). */
export function presentFailedJob(job: FailedJob): AdminJob {
  return {
    id: job.id,
    kind: job.kind,
    key: job.key,
    attempts: job.attempts,
    lastError: job.lastError,
    createdAt: job.createdAt.toISOString(),
    failedAt: job.failedAt.toISOString(),
  }
}

export const presentFailedJobs = ({ jobs, total }: { jobs: FailedJob[]; total: number }): AdminJobList => ({ jobs: jobs.map(presentFailedJob), total })
