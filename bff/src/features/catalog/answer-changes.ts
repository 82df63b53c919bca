import { enqueueJob, type JobHandler } from "../../lib/jobs.js"
import type { Db } from "../../lib/db.js"
import type { CatalogCache } from "./cache.js"

export const PRODUCT_ANSWER_JOB = "catalog.product-answer"

/**
 * Something a product's answer carries beside Medusa's product changed (its reviews' rating, the fit its buyers
 * told): queued in the caller's transaction, so the cached answers are dropped once the change is committed, never
 * before (a read in between would cache the old figures under the new version). Repeated changes while it waits are one.
 */
export async function productAnswerChanged(client: Pick<Db, "query">, productId: string): Promise<void> {
  await enqueueJob(client, PRODUCT_ANSWER_JOB, productId)
}

export const productAnswerJob = (cache: CatalogCache): JobHandler => ({ run: () => cache.invalidate(), maxAttempts: 10 })
