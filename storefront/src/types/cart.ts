import type { Product } from "./product"

/** A bag line as the BFF returns it; money in paise. Its id changes when a size is chosen. */
export type CartItem = {
  id: string
  productId: string
  product: Product
  quantity: number
  size: string | null
  /** Falls back to the product's basePrice when missing. */
  unitPrice?: number | null
  lineTotal: number
  refPostId: string | null
  /** Sizes in stock now. */
  availableSizes: string[]
  /** The product has sizes and this line has none: shown with the red flag, and checkout waits for it. */
  sizeRequired: boolean
}

export type CartSummary = {
  /** Sum of the quantities. */
  itemCount: number
  subtotal: number
  /** The shopper's Dark Coins balance. */
  darkCoins: number
  /** Paise the coins can take off now (0 when none); computed by the server, only displayed here. */
  usableDiscount: number
  /** Coins that discount spends. */
  coinsToSpend: number
  sizesMissing: boolean
}

/** Every bag call answers with the whole bag. */
export type Cart = {
  items: CartItem[]
  summary: CartSummary
}
