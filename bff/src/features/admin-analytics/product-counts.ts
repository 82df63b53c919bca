import type { AnalyticsOverview } from "@fitshop/contracts"
import { z } from "zod"
import type { Commerce } from "../../lib/medusa.js"

/**
 * How long Medusa's per-status counts are reused. Drafts and archived products live only in Medusa (the
 * read model holds the shop's products), and asking it on every dashboard read would put Medusa's pace
 * into the overview's: these two figures may lag a change by this long; LIVE is counted exactly.
 */
export const PRODUCT_COUNTS_TTL_MS = 5_000

const answer = z.object({
  counts: z.object({
    draft: z.number().int().min(0),
    proposed: z.number().int().min(0),
    published: z.number().int().min(0),
    rejected: z.number().int().min(0),
  }),
})

type StatusCounts = Pick<AnalyticsOverview["products"], "draft" | "archived">

/**
 * The console's DRAFT and ARCHIVED product counts from commerce's `/internal/product-counts`: DRAFT is
 * Medusa's draft (and proposed), ARCHIVED its rejected. Once known, counts are answered at once and
 * refreshed behind the answer when older than the TTL (one call at a time); a failed refresh keeps them.
 */
export function productCounts(commerce: Commerce, now: () => number = Date.now) {
  let known: StatusCounts | undefined
  let askedAt = Number.NEGATIVE_INFINITY
  let asking: Promise<StatusCounts> | undefined

  function ask(): Promise<StatusCounts> {
    asking ??= commerce
      .internal<unknown>("/internal/product-counts")
      .then((body) => {
        const { counts } = answer.parse(body)
        known = { draft: counts.draft + counts.proposed, archived: counts.rejected }
        return known
      })
      .finally(() => (asking = undefined))
    return asking
  }

  return async function statusCounts(): Promise<StatusCounts> {
    if (now() - askedAt >= PRODUCT_COUNTS_TTL_MS) {
      askedAt = now()
      const refreshed = ask()
      if (!known) return refreshed
      refreshed.catch(() => undefined)
    }
    return known ?? ask()
  }
}

export type ProductCounts = ReturnType<typeof productCounts>
