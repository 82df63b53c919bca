import { randomBytes, randomUUID } from "node:crypto"
import sharp from "sharp"
import type { Db } from "../src/lib/db.js"
import { signAccessToken } from "../src/lib/tokens.js"

/** A FITFEED member made straight in the database (no Medusa account): enough to post, like, comment and follow. */
export async function feedMember(db: Db, tokenSecret: string, label = "fan") {
  const id = randomBytes(4).toString("hex")
  const handle = `${label}.${id}`.slice(0, 20)
  const { rows } = await db.query<{ id: string }>("insert into bff.users (email, name, handle, email_verified_at) values ($1, $2, $3, now()) returning id", [
    `${label}-${id}@example.test`,
    `Test ${label}`,
    handle,
  ])
  const userId = rows[0]!.id
  const family = await db.query<{ id: string }>("insert into bff.session_families (user_id) values ($1) returning id", [userId])
  const token = signAccessToken({ sub: userId, sid: family.rows[0]!.id, role: "customer" }, tokenSecret, 3600)
  return { id: userId, handle, name: `Test ${label}`, headers: { Authorization: `Bearer ${token}` } }
}

export type FeedMember = Awaited<ReturnType<typeof feedMember>>

/** A member whose reports count toward hiding a post: an account older than 7 days (issue 25, item 7). */
export async function trustedFeedMember(db: Db, tokenSecret: string, label = "reporter"): Promise<FeedMember> {
  const member = await feedMember(db, tokenSecret, label)
  await db.query("update bff.users set created_at = now() - interval '8 days' where id = $1", [member.id])
  return member
}

/**
 * An order of the member's as the BFF records a placed one (its checkout beside it), for tests of who
 * may post; the purchase path's own tests cover placing real orders. PAID is an online payment; the other
 * statuses are cash on delivery (paid only once DELIVERED).
 */
export async function recordedOrder(
  db: Db,
  userId: string,
  lines: { productId: string; size?: string | null; unitPrice?: number; quantity?: number; lineId?: string }[],
  status: "PLACED" | "PAID" | "DELIVERED" | "CANCELLED" = "PLACED",
): Promise<string> {
  const orderId = `order_${randomBytes(12).toString("hex")}`
  const items = lines.map((line) => ({
    productId: line.productId,
    variantId: `variant_${randomBytes(8).toString("hex")}`,
    size: line.size ?? "M",
    quantity: line.quantity ?? 1,
    unitPrice: line.unitPrice ?? 99_900,
    ...(line.lineId ? { lineId: line.lineId } : {}),
    title: "Test tee",
    imageUrl: null,
    refPostId: null,
  }))
  const total = items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0)
  const checkout = await db.query<{ id: string }>(
    `insert into bff.checkouts (user_id, mode, medusa_cart_id, receipt, subtotal_paise, discount_paise, coins, cod_fee_paise, amount_paise,
       lines, address, status, order_id)
     values ($1, 'cod', $2, $3, $4, 0, 0, 0, $4, $5, '{}', 'placed', $6) returning id`,
    [userId, `cart_${randomUUID()}`, `rcpt_${randomUUID()}`, total, JSON.stringify(items), orderId],
  )
  await db.query(
    `insert into bff.orders (id, medusa_order_id, checkout_id, user_id, status, payment_method, subtotal_paise, discount_paise, cod_fee_paise, total_paise,
       items, shipping_address)
     values ($1, $1, $2, $3, $4, $5, $6, 0, 0, $6, $7, '{}')`,
    [orderId, checkout.rows[0]!.id, userId, status, status === "PAID" ? "online" : "cod", total, JSON.stringify(items)],
  )
  return orderId
}

/** A product id in Medusa's format that no catalogue holds. */
export const unknownProductId = () => `prod_${randomBytes(13).toString("hex").toUpperCase().slice(0, 26)}`

/** A real picture of the given size and format, as a phone would send it. */
export async function photo(format: "png" | "jpeg" | "gif" | "webp" = "png", width = 900, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .toFormat(format)
    .toBuffer()
}

export const dataUrlOf = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`

/** A post straight in the database (no picture processed), for tests that need many. */
export async function insertedPost(db: Db, userId: string, options: { productId?: string; createdAt?: Date; text?: string } = {}): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into bff.fitfeed_posts (user_id, product_id, order_id, size_bought, text, image_url, thumb_url, created_at)
     values ($1, $2, $3, 'M', $4, '/media/uploads/test.webp', '/media/uploads/test-480.webp', $5) returning id::text`,
    [userId, options.productId ?? unknownProductId(), `order_${randomBytes(8).toString("hex")}`, options.text ?? null, options.createdAt ?? new Date()],
  )
  return rows[0]!.id
}
