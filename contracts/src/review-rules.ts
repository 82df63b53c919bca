import { productPath } from "./page-meta.js"

/*
 * The rules of reviews and fit advice the storefront computes with too, apart from their schemas (reviews.ts), as
 * return-rules.ts is kept apart from returns.ts.
 */

/** How a buyer found the size they kept: smaller than its label, true to it, or larger. */
export const FIT_ANSWERS = ["SMALL", "TRUE", "LARGE"] as const
export type FitAnswer = (typeof FIT_ANSWERS)[number]

/** A review's text: up to this many characters. */
export const REVIEW_TEXT_MAX = 2000

/** A fit verdict is shown once this many different buyers told the shop how the product fits. */
export const FIT_VERDICT_MIN_BUYERS = 5

/** How a verdict reads on the product page, before its count: "Runs small · 7 of 9 buyers". */
export const FIT_VERDICT_LABELS: Record<FitAnswer, string> = { SMALL: "Runs small", TRUE: "True to size", LARGE: "Runs large" }

/** The review form's fit choices, word for word. */
export const FIT_ANSWER_LABELS: Record<FitAnswer, string> = { SMALL: "Runs small", TRUE: "True to size", LARGE: "Runs large" }

/** How many buyers answered each way. */
export type FitCounts = Record<FitAnswer, number>

/** The product's fit verdict: the answer most buyers gave, how many answered (n) and the share (0 to 1) who gave it. */
export type FitVerdict = { verdict: FitAnswer; n: number; share: number }

/**
 * The verdict from each buyer's one answer (a review's fit, or what they did: a size exchanged up or a return for
 * "Size too small" says small), once FIT_VERDICT_MIN_BUYERS answered; null before. The answer most gave wins; when
 * the top answers tie, the product is called true to size (small and large cancel out), with the share that said so.
 */
export function fitVerdict(counts: FitCounts): FitVerdict | null {
  const n = counts.SMALL + counts.TRUE + counts.LARGE
  if (n < FIT_VERDICT_MIN_BUYERS) return null
  const most = Math.max(counts.SMALL, counts.TRUE, counts.LARGE)
  const top = FIT_ANSWERS.filter((answer) => counts[answer] === most)
  const verdict = top.length === 1 ? top[0]! : "TRUE"
  return { verdict, n, share: counts[verdict] / n }
}

/** "Runs small · 7 of 9 buyers". */
export function fitVerdictText(fit: FitVerdict): string {
  return `${FIT_VERDICT_LABELS[fit.verdict]} · ${Math.round(fit.share * fit.n)} of ${fit.n} buyers`
}

/** The average of visible reviews, to one decimal, as the page shows it (4.25 shows as 4.3). */
export const averageRating = (sum: number, count: number): number => Math.round((sum * 10) / count) / 10

/** The size picker's hint for a signed-in shopper: "You kept M in 3 similar pieces". */
export function sizeHintText(hint: { size: string; pieces: number }): string {
  return `You kept ${hint.size} in ${hint.pieces} similar ${hint.pieces === 1 ? "piece" : "pieces"}`
}

/** Where an invitation to review sends the shopper: the product page, with its review form open. */
export const reviewFormPath = (productId: string): string => `${productPath(productId)}?review=1#reviews`
