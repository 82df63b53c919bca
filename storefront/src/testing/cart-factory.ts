import type { Bag, BagItem, BagSummary, Product } from "@fitshop/contracts"
import { buildProduct } from "./product-factory"

let sequence = 0

type CartItemOverrides = Partial<Omit<BagItem, "product">> & { product?: Partial<Product> }

/** A bag line as the BFF would send it: one sized line of a ₹1,299 product unless overridden. */
export function buildCartItem({ product: productOverrides, ...overrides }: CartItemOverrides = {}): BagItem {
  sequence += 1
  const product = buildProduct(productOverrides)
  const quantity = overrides.quantity ?? 1
  const unitPrice = overrides.unitPrice ?? product.basePrice
  return {
    id: `line_test_${String(sequence)}`,
    productId: product.id,
    product,
    quantity,
    size: "M",
    unitPrice,
    lineTotal: unitPrice * quantity,
    refPostId: null,
    availableSizes: ["S", "M", "L"],
    sizeRequired: false,
    ...overrides,
  }
}

/** A line the shopper added without choosing a size (the catalogue card and the wardrobe do so). */
export const buildSizelessCartItem = (overrides: CartItemOverrides = {}): BagItem => buildCartItem({ size: null, sizeRequired: true, ...overrides })

/** The bag for `items`, its sums computed as the BFF would; the coin figures default to none usable. */
export function buildCart(items: BagItem[], summary: Partial<BagSummary> = {}): Bag {
  return {
    items,
    summary: {
      itemCount: items.reduce((count, item) => count + item.quantity, 0),
      subtotal: items.reduce((sum, item) => sum + item.lineTotal, 0),
      darkCoins: 0,
      usableDiscount: 0,
      coinsToSpend: 0,
      sizesMissing: items.some((item) => item.sizeRequired),
      ...summary,
    },
  }
}
