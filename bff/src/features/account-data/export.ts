import type { AccountExport } from "@fitshop/contracts"
import { unauthorized } from "../../http/errors.js"
import type { Db } from "../../lib/db.js"
import { presentAddress, type AddressService } from "../addresses/index.js"
import type { CheckoutLine, OrderStatus } from "../orders/index.js"
import type { UsersRepository } from "../users/index.js"
import { reviewsOfAccount } from "../reviews/index.js"
import { darkCoinsBalance, ledgerEntries } from "../wallet/index.js"

type Queryable = Pick<Db, "query">

/** Every ledger entry of one person: their ledger is theirs whole, however long. */
const WHOLE_LEDGER = 1_000_000

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null)

type OrderRow = {
  id: string
  display_id: number | null
  status: OrderStatus
  payment_method: "online" | "cod"
  subtotal_paise: number
  discount_paise: number
  cod_fee_paise: number
  total_paise: number
  items: CheckoutLine[]
  shipping_address: Record<string, unknown>
  tracking_id: string | null
  created_at: Date
  delivered_at: Date | null
  cancelled_at: Date | null
  returned_at: Date | null
}

async function ordersOf(db: Queryable, userId: string): Promise<AccountExport["orders"]> {
  const { rows } = await db.query<OrderRow>(
    `select id, display_id, status, payment_method, subtotal_paise, discount_paise, cod_fee_paise, total_paise, items, shipping_address,
            tracking_id, created_at, delivered_at, cancelled_at, returned_at
       from bff.orders where user_id = $1 order by created_at, id`,
    [userId],
  )
  return rows.map((row) => ({
    id: row.id,
    displayId: row.display_id,
    status: row.status,
    paymentMethod: row.payment_method,
    subtotal: row.subtotal_paise,
    discount: row.discount_paise,
    codFee: row.cod_fee_paise,
    total: row.total_paise,
    lines: row.items.map((line) => ({ productId: line.productId, title: line.title, size: line.size, quantity: line.quantity, unitPrice: line.unitPrice })),
    shippingAddress: row.shipping_address,
    trackingId: row.tracking_id,
    createdAt: row.created_at.toISOString(),
    deliveredAt: iso(row.delivered_at),
    cancelledAt: iso(row.cancelled_at),
    returnedAt: iso(row.returned_at),
  }))
}

async function returnsOf(db: Queryable, userId: string): Promise<AccountExport["returns"]> {
  const { rows } = await db.query<{
    id: string
    order_id: string
    kind: "return" | "exchange"
    status: string
    lines: Record<string, unknown>[]
    pickup_address: Record<string, unknown>
    refund_to_payment_paise: number
    refund_coins: number
    requested_at: Date
  }>(
    `select id, order_id, kind, status, lines, pickup_address, refund_to_payment_paise, refund_coins, requested_at
       from bff.returns where user_id = $1 order by requested_at, id`,
    [userId],
  )
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    kind: row.kind,
    status: row.status,
    lines: row.lines,
    pickupAddress: row.pickup_address,
    refundToPayment: row.refund_to_payment_paise,
    refundCoins: row.refund_coins,
    requestedAt: row.requested_at.toISOString(),
  }))
}

/** The person's own posts, comments and likes; of what others did with their posts, only the counts. */
async function feedOf(db: Queryable, userId: string): Promise<Pick<AccountExport, "posts" | "comments" | "likes" | "follows">> {
  const posts = await db.query<{
    id: string
    product_id: string
    order_id: string
    text: string | null
    image_url: string
    like_count: number
    comment_count: number
    earnings_coins: number
    created_at: Date
  }>(
    `select id::text, product_id, order_id, text, image_url, like_count, comment_count, earnings_coins, created_at
       from bff.fitfeed_posts where user_id = $1 order by created_at, id`,
    [userId],
  )
  const comments = await db.query<{ id: string; post_id: string; text: string; created_at: Date }>(
    "select id::text, post_id::text, text, created_at from bff.fitfeed_comments where user_id = $1 order by created_at, id",
    [userId],
  )
  const likes = await db.query<{ post_id: string; created_at: Date }>(
    "select post_id::text, created_at from bff.fitfeed_likes where user_id = $1 order by created_at, post_id",
    [userId],
  )
  const following = await db.query<{ handle: string; created_at: Date }>(
    `select u.handle, f.created_at from bff.fitfeed_follows f join bff.users u on u.id = f.followee_id
      where f.follower_id = $1 order by f.created_at, u.handle`,
    [userId],
  )
  const followers = await db.query<{ n: number }>("select count(*)::int as n from bff.fitfeed_follows where followee_id = $1", [userId])
  return {
    posts: posts.rows.map((row) => ({
      id: row.id,
      productId: row.product_id,
      orderId: row.order_id,
      text: row.text,
      imageUrl: row.image_url,
      likeCount: row.like_count,
      commentCount: row.comment_count,
      earningsCoins: row.earnings_coins,
      createdAt: row.created_at.toISOString(),
    })),
    comments: comments.rows.map((row) => ({ id: row.id, postId: row.post_id, text: row.text, createdAt: row.created_at.toISOString() })),
    likes: likes.rows.map((row) => ({ postId: row.post_id, createdAt: row.created_at.toISOString() })),
    follows: { following: following.rows.map((row) => ({ handle: row.handle, since: row.created_at.toISOString() })), followers: followers.rows[0]!.n },
  }
}

async function wardrobeOf(db: Queryable, userId: string): Promise<AccountExport["wardrobe"]> {
  const { rows } = await db.query<{ product_id: string; created_at: Date }>(
    "select product_id, created_at from bff.wishlist_items where user_id = $1 order by created_at, product_id",
    [userId],
  )
  return rows.map((row) => ({ productId: row.product_id, addedAt: row.created_at.toISOString() }))
}

async function sessionsOf(db: Queryable, userId: string): Promise<AccountExport["sessions"]> {
  const { rows } = await db.query<{ created_at: Date; revoked_at: Date | null; user_agent: string | null; ip: string | null }>(
    "select created_at, revoked_at, user_agent, ip from bff.session_families where user_id = $1 order by created_at, id",
    [userId],
  )
  return rows.map((row) => ({ startedAt: row.created_at.toISOString(), endedAt: iso(row.revoked_at), userAgent: row.user_agent, ip: row.ip }))
}

/** Everything the shop holds about one person (GET /api/account/export), read from each place it is kept. */
export function accountExport({ db, users, addresses }: { db: Db; users: UsersRepository; addresses: AddressService }) {
  return async function exportOf(userId: string, now = new Date()): Promise<AccountExport> {
    const user = await users.byId(userId)
    if (!user) throw unauthorized()
    const { rows } = await db.query<{ created_at: Date }>("select created_at from bff.users where id = $1", [userId])
    return {
      exportedAt: now.toISOString(),
      profile: {
        id: user.id,
        name: user.name,
        email: user.email,
        handle: user.handle,
        avatarUrl: user.avatar_url,
        phone: user.phone,
        marketingOptIn: user.marketing_opt_in,
        emailVerifiedAt: iso(user.email_verified_at),
        createdAt: rows[0]!.created_at.toISOString(),
      },
      // An account Medusa has no customer for has no saved addresses.
      addresses: user.medusa_customer_id ? (await addresses.list(userId)).map(presentAddress) : [],
      orders: await ordersOf(db, userId),
      returns: await returnsOf(db, userId),
      ...(await feedOf(db, userId)),
      reviews: await reviewsOfAccount(db, userId),
      wardrobe: await wardrobeOf(db, userId),
      darkCoins: { balance: await darkCoinsBalance(db, userId), ledger: await ledgerEntries(db, userId, WHOLE_LEDGER) },
      sessions: await sessionsOf(db, userId),
    }
  }
}
