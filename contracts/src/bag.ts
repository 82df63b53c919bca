import type { Product } from "./catalog.js"

/** A bag line as the BFF returns it; money in paise. Its id changes when a size is chosen. */
export type BagItem = {
  id: string
  productId: string
  product: Product
  quantity: number
  size: string | null
  unitPrice: number
  lineTotal: number
  refPostId: string | null
  /** Sizes in stock now. */
  availableSizes: string[]
  /** The product has sizes and this line has none: shown with the red flag, and checkout waits for it. */
  sizeRequired: boolean
}

export type BagSummary = {
  /** Sum of the quantities. */
  itemCount: number
  subtotal: number
  /** The shopper's Dark Coins balance. */
  darkCoins: number
  /** Paise the coins can take off now (0 when none); computed by the server, only displayed by the shop. */
  usableDiscount: number
  /** Coins that discount spends. */
  coinsToSpend: number
  sizesMissing: boolean
}

/** Every bag call answers with the whole bag. */
export type Bag = { items: BagItem[]; summary: BagSummary }
