import type { CartItem } from "@/types/cart"

/** A bag line's unit price in paise: the server's, else the product's basePrice, else 0. */
export const unitPriceOf = (item: CartItem): number => item.unitPrice ?? item.product.basePrice ?? 0
