import { averageRating, fitVerdict, type FitAnswer, type FitCounts, type ReviewSummary } from "@fitshop/contracts"
import { prepared, type Db } from "../../lib/db.js"
import { fitAnswersFromReturns } from "../returns/index.js"

type Queryable = Pick<Db, "query">

/** Reviews that count: standing (not withdrawn) and not hidden by staff or reports. */
export const COUNTED = "withdrawn_at is null and hidden_at is null"

/**
 * The product's rating (the average of its counted reviews to one decimal, null when there are none), how many gave
 * each number of stars, and the fit verdict from one answer per buyer: what they did (an exchange to another size, a
 * return for fit) when they did something, else their review's fit answer.
 */
export async function reviewSummary(db: Queryable, productId: string): Promise<ReviewSummary> {
  const fromReturns = await fitAnswersFromReturns(db, productId)
  const { rows } = await db.query<{ rating: number; fit: FitAnswer; told_by_returns: boolean; n: number }>(
    prepared(
      `select rating, fit, user_id = any($2::uuid[]) as told_by_returns, count(*)::int as n
         from bff.reviews where product_id = $1 and ${COUNTED} group by 1, 2, 3`,
      [productId, [...fromReturns.keys()]],
    ),
  )
  const stars = [0, 0, 0, 0, 0]
  const fits: FitCounts = { SMALL: 0, TRUE: 0, LARGE: 0 }
  for (const row of rows) {
    stars[row.rating - 1]! += row.n
    if (!row.told_by_returns) fits[row.fit] += row.n
  }
  for (const fit of fromReturns.values()) fits[fit] += 1
  const count = stars.reduce((sum, n) => sum + n, 0)
  const sum = stars.reduce((total, n, index) => total + n * (index + 1), 0)
  return {
    rating: count ? { average: averageRating(sum, count), count } : null,
    ratingDistribution: [5, 4, 3, 2, 1].map((star) => ({ stars: star, count: stars[star - 1]! })),
    fit: fitVerdict(fits),
  }
}
