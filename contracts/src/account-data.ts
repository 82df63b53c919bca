import { z } from "zod"
import { addressSchema } from "./address.js"
import { ORDER_STATUSES } from "./order-statuses.js"
import { userSchema } from "./users.js"
import { ledgerEntrySchema } from "./wallet.js"

/** POST /api/account/delete: the account's password, asked again so a borrowed session can't delete it. */
export const deleteAccountBody = z.strictObject({
  password: z.string({ message: "Enter your password" }).min(1, { message: "Enter your password" }).max(200),
})
export type DeleteAccountBody = z.input<typeof deleteAccountBody>

export const deleteAccountAnswerSchema = z.strictObject({ deleted: z.literal(true), message: z.string() })
export type DeleteAccountAnswer = z.infer<typeof deleteAccountAnswerSchema>

const exportedLine = z.strictObject({
  productId: z.string(),
  title: z.string(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
})

const exportedOrder = z.strictObject({
  id: z.string(),
  displayId: z.number().int().nullable(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(["online", "cod"]),
  subtotal: z.number().int(),
  discount: z.number().int(),
  codFee: z.number().int(),
  total: z.number().int(),
  lines: z.array(exportedLine),
  shippingAddress: z.record(z.string(), z.unknown()),
  trackingId: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
})

const exportedReturn = z.strictObject({
  id: z.string(),
  orderId: z.string(),
  kind: z.enum(["return", "exchange"]),
  status: z.string(),
  lines: z.array(z.record(z.string(), z.unknown())),
  pickupAddress: z.record(z.string(), z.unknown()),
  refundToPayment: z.number().int(),
  refundCoins: z.number().int(),
  requestedAt: z.string(),
})

/** One of the person's posts: what they wrote and posted, and of what others did with it only the counts. */
const exportedPost = z.strictObject({
  id: z.string(),
  productId: z.string(),
  orderId: z.string(),
  text: z.string().nullable(),
  imageUrl: z.string(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  earningsCoins: z.number().int(),
  createdAt: z.string(),
})

/**
 * GET /api/account/export: everything the shop holds about the signed-in person, and nobody else's rows
 * (others' comments on their posts are counted, never copied). Money in paise, times in ISO 8601.
 */
export const accountExportSchema = z.strictObject({
  exportedAt: z.string(),
  profile: userSchema.omit({ role: true }).extend({
    marketingOptIn: z.boolean(),
    emailVerifiedAt: z.string().nullable(),
    createdAt: z.string(),
  }),
  addresses: z.array(addressSchema),
  orders: z.array(exportedOrder),
  returns: z.array(exportedReturn),
  posts: z.array(exportedPost),
  comments: z.array(z.strictObject({ id: z.string(), postId: z.string(), text: z.string(), createdAt: z.string() })),
  likes: z.array(z.strictObject({ postId: z.string(), createdAt: z.string() })),
  /** The person's reviews, withdrawn and hidden ones too, as they wrote them. */
  reviews: z.array(
    z.strictObject({
      id: z.string(),
      productId: z.string(),
      rating: z.number().int(),
      fit: z.string(),
      text: z.string().nullable(),
      imageUrl: z.string().nullable(),
      status: z.enum(["visible", "hidden", "withdrawn"]),
      createdAt: z.string(),
      editedAt: z.string().nullable(),
    }),
  ),
  follows: z.strictObject({
    following: z.array(z.strictObject({ handle: z.string(), since: z.string() })),
    followers: z.number().int(),
  }),
  wardrobe: z.array(z.strictObject({ productId: z.string(), addedAt: z.string() })),
  darkCoins: z.strictObject({ balance: z.number().int(), ledger: z.array(ledgerEntrySchema) }),
  sessions: z.array(z.strictObject({ startedAt: z.string(), endedAt: z.string().nullable(), userAgent: z.string().nullable(), ip: z.string().nullable() })),
})
export type AccountExport = z.infer<typeof accountExportSchema>
