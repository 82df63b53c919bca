import { COINS_PER_RUPEE } from "@fitshop/contracts"
import type { Db } from "../../lib/db.js"
import { postAttribution, withdrawPostsOfOrder } from "../fitfeed/index.js"
import { hasEnded, lockOrder, returnWindowEnd, type OrderRecord } from "../orders/index.js"
import { dropPendingEarningsThrough, earnReferralCoins, matureReferralCoins, reverseReferralCoins } from "../wallet/index.js"

type Queryable = Pick<Db, "query">

/** Coins for a line worth `paise` at `sharePercent`, rounded down; in basis points, so no float error creeps in. */
export function referralCoins(paise: number, sharePercent: number): number {
  const basisPoints = Math.round(sharePercent * 100)
  return Math.floor((paise * basisPoints * COINS_PER_RUPEE) / (100 * 10_000))
}

/** Whether the order's money is in: paid online, or delivered and paid in cash. */
const isSettled = (order: OrderRecord) => !hasEnded(order) && (order.paymentMethod === "online" || order.status === "DELIVERED")

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Pays a post's author for order lines bought through the post: only a line of the post's own product, never
 * for buying through one's own post or a hidden post, once per line however often it runs. Earnings are
 * pending until the order can no longer be cancelled or returned: its delivery plus the return window.
 * creditOrderById holds the order's row in the caller's transaction, so a cancellation can't slip in between.
 */
export function referralEarnings({ sharePercent, returnWindowDays }: { sharePercent: number; returnWindowDays: number }) {
  async function creditOrder(client: Queryable, order: OrderRecord): Promise<number> {
    if (!isSettled(order) || order.isTest) return 0
    const maturesAt = order.status === "DELIVERED" ? (returnWindowEnd(order, returnWindowDays) ?? new Date(Date.now() + returnWindowDays * DAY_MS)) : null
    let credited = 0
    for (const line of order.items) {
      if (!line.refPostId) continue
      const post = await postAttribution(client, line.refPostId)
      if (!post || post.hidden || post.productId !== line.productId || post.authorId === order.userId) continue
      const coins = referralCoins(line.unitPrice * line.quantity, sharePercent)
      if (coins <= 0) continue
      const written = await earnReferralCoins(client, {
        userId: post.authorId,
        coins,
        orderId: order.id,
        lineKey: line.variantId,
        postId: line.refPostId,
        note: `Referral: ${line.title} bought through your post`,
        maturesAt,
      })
      if (written) credited += coins
    }
    // Earnings written at payment (online) start their return window now that the order is delivered.
    if (maturesAt) await matureReferralCoins(client, order.id, maturesAt)
    return credited
  }

  /** creditOrder for an order by id, holding its row for the rest of the caller's transaction. */
  async function creditOrderById(client: Queryable, orderId: string): Promise<number> {
    const order = await lockOrder(client, orderId)
    return order ? creditOrder(client, order) : 0
  }

  return { creditOrder, creditOrderById }
}

/**
 * The order was cancelled or came back to us: the earnings it gave are undone, and the posts it let its buyer
 * make leave the feed (unless another paid purchase holds them up), dropping what they had pending.
 */
export async function undoOrderEarnings(client: Queryable, orderId: string): Promise<void> {
  await reverseReferralCoins(client, orderId)
  await dropPendingEarningsThrough(client, await withdrawPostsOfOrder(client, orderId))
}

export type ReferralEarnings = ReturnType<typeof referralEarnings>
