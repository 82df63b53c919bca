import { conflict } from "../../http/errors.js"
import { medusaErrorStatus, type Commerce } from "../../lib/medusa.js"

/** A sized bag line as it lives in the shopper's Medusa cart; unitPrice in paise. */
export type MedusaLine = {
  id: string
  variantId: string
  productId: string
  quantity: number
  unitPrice: number
  refPostId: string | null
  createdAt: string
}

const CART_FIELDS = "id,completed_at,items.id,items.variant_id,items.product_id,items.quantity,items.unit_price,items.metadata,items.created_at"

export const OUT_OF_STOCK = "Selected size is out of stock"

type RawLine = {
  id: string
  variant_id?: string | null
  product_id?: string | null
  quantity: number
  unit_price: number
  metadata?: Record<string, unknown> | null
  created_at?: string | Date | null
}

function toLine(item: RawLine): MedusaLine {
  const ref = item.metadata?.refPostId
  return {
    id: item.id,
    variantId: item.variant_id ?? "",
    productId: item.product_id ?? "",
    quantity: Number(item.quantity),
    // Medusa keeps major units (rupees); the API speaks paise.
    unitPrice: Math.round(Number(item.unit_price) * 100),
    refPostId: typeof ref === "string" ? ref : null,
    createdAt: item.created_at ? new Date(item.created_at).toISOString() : new Date(0).toISOString(),
  }
}

/** Medusa refuses a line when the variant has too little stock; the shopper reads the spec's text. */
async function stockChecked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    const message = error instanceof Error ? error.message : ""
    if (/inventory|stock/i.test(message) && (medusaErrorStatus(error) ?? 400) < 500) throw conflict(OUT_OF_STOCK)
    throw error
  }
}

/** The shopper's Medusa cart in the INR region: the sized lines of the bag. */
export function medusaCarts(commerce: Commerce) {
  /** The cart's lines, or null when the cart is gone or already became an order. */
  async function lines(cartId: string): Promise<MedusaLine[] | null> {
    const sdk = await commerce.store()
    try {
      const { cart } = await sdk.store.cart.retrieve(cartId, { fields: CART_FIELDS })
      if ((cart as { completed_at?: unknown }).completed_at) return null
      return ((cart.items ?? []) as RawLine[]).map(toLine)
    } catch (error) {
      if (medusaErrorStatus(error) === 404) return null
      throw error
    }
  }

  async function create(email: string): Promise<string> {
    const [sdk, regionId] = await Promise.all([commerce.store(), commerce.regionId()])
    const { cart } = await sdk.store.cart.create({ region_id: regionId, email }, { fields: "id" })
    return cart.id
  }

  async function addLine(cartId: string, line: { variantId: string; quantity: number; refPostId: string | null }): Promise<void> {
    const sdk = await commerce.store()
    const metadata = line.refPostId ? { refPostId: line.refPostId } : {}
    await stockChecked(() => sdk.store.cart.createLineItem(cartId, { variant_id: line.variantId, quantity: line.quantity, metadata }, { fields: "id" }))
  }

  async function setQuantity(cartId: string, lineId: string, quantity: number): Promise<void> {
    const sdk = await commerce.store()
    await stockChecked(() => sdk.store.cart.updateLineItem(cartId, lineId, { quantity }, { fields: "id" }))
  }

  async function removeLine(cartId: string, lineId: string): Promise<void> {
    const sdk = await commerce.store()
    await sdk.store.cart.deleteLineItem(cartId, lineId)
  }

  return { lines, create, addLine, setQuantity, removeLine }
}

export type MedusaCarts = ReturnType<typeof medusaCarts>
