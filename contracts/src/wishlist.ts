import { z } from "zod"
import { productSchema } from "./catalog.js"
import { PRODUCT_ID_PATTERN } from "./product-id.js"

/** A product saved to the wardrobe. */
export const wishlistItemSchema = z.strictObject({ id: z.string(), productId: z.string(), product: productSchema, createdAt: z.string() })
export type WishlistItem = z.infer<typeof wishlistItemSchema>

/** GET /api/wishlist. */
export const wishlistSchema = z.strictObject({ items: z.array(wishlistItemSchema) })
export type Wishlist = z.infer<typeof wishlistSchema>

/** POST /api/wishlist: 201 when it was saved now, 200 when it was saved already. */
export const wishlistItemAnswerSchema = z.strictObject({ item: wishlistItemSchema })
export type WishlistItemAnswer = z.infer<typeof wishlistItemAnswerSchema>

/** POST /api/wishlist. */
export const addToWishlistBody = z.object({ productId: z.string().regex(PRODUCT_ID_PATTERN, "is not a product id") })
export type AddToWishlistBody = z.input<typeof addToWishlistBody>
