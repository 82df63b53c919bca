import type { PoolClient } from "pg"
import { badRequest, HttpError, notFound } from "../../http/errors.js"
import type { Db } from "../../lib/db.js"
import { holdingAdvisoryLock, withAdvisoryLock } from "../../lib/locks.js"
import type { Commerce } from "../../lib/medusa.js"
import type { Product, ProductVariant } from "../catalog/product.js"
import { productsByIds } from "../catalog/read-model.js"
import { darkCoinsBalance } from "../wallet/ledger.js"
import { darkCoinsDiscount } from "./dark-coins-discount.js"
import { medusaCarts, OUT_OF_STOCK, type MedusaLine } from "./medusa-cart.js"
import {
  addSizeless,
  MAX_LINE_QUANTITY,
  removeSizeless,
  setSizelessQuantity,
  sizelessLine,
  sizelessLines,
  type SizelessLine,
} from "./sizeless-lines.js"

export type BagItem = {
  id: string
  productId: string
  product: Product
  quantity: number
  size: string | null
  unitPrice: number
  lineTotal: number
  refPostId: string | null
  availableSizes: string[]
  sizeRequired: boolean
}

export type BagSummary = {
  itemCount: number
  subtotal: number
  darkCoins: number
  usableDiscount: number
  coinsToSpend: number
  sizesMissing: boolean
}

export type Bag = { items: BagItem[]; summary: BagSummary }

export type AddToBag = { productId: string; quantity: number; size: string | null; refPostId: string | null }

const ITEM_NOT_FOUND = "That item is not in your bag."
const TOO_MANY = `You can have at most ${MAX_LINE_QUANTITY} of one item in your bag.`

const outOfStock = () => new HttpError(409, "out_of_stock", OUT_OF_STOCK, {}, { available: 0 })
const onlyLeft = (available: number, size: string) =>
  available <= 0 ? outOfStock() : new HttpError(409, "out_of_stock", `Only ${available} left in size ${size}`, {}, { available })

/** A Medusa line id (cali_…) or a BFF sizeless line id (uuid). */
const isMedusaLineId = (id: string) => id.startsWith("cali_")

function variantForSize(product: Product, size: string): ProductVariant {
  const variant = product.variants.find((v) => v.size === size)
  if (!variant) throw badRequest(`size: ${product.title} comes in ${product.sizes.join(", ")}`)
  return variant
}

/**
 * The shopper's bag: sized lines in their Medusa cart, sizeless lines in the BFF, shown as one list.
 * Every change runs under a per-shopper lock, so two tabs can't create two carts or lose an update.
 */
export function bagService({ db, commerce }: { db: Db; commerce: Commerce }) {
  const carts = medusaCarts(commerce)

  async function cartId(client: Pick<Db, "query">, userId: string): Promise<string | undefined> {
    const { rows } = await client.query<{ medusa_cart_id: string }>("select medusa_cart_id from bff.carts where user_id = $1", [userId])
    return rows[0]?.medusa_cart_id
  }

  /** The sized lines of the shopper's open cart (none when there is no open cart). */
  async function medusaLines(client: Pick<Db, "query">, userId: string): Promise<{ cartId?: string; lines: MedusaLine[] }> {
    const id = await cartId(client, userId)
    if (!id) return { lines: [] }
    const lines = await carts.lines(id)
    return lines ? { cartId: id, lines } : { lines: [] }
  }

  /** The shopper's open Medusa cart, made when there is none (or the last one became an order). */
  async function openCart(client: PoolClient, userId: string): Promise<{ cartId: string; lines: MedusaLine[] }> {
    const current = await medusaLines(client, userId)
    if (current.cartId) return { cartId: current.cartId, lines: current.lines }
    const { rows } = await client.query<{ email: string }>("select email from bff.users where id = $1", [userId])
    if (!rows[0]) throw notFound("Account not found")
    const created = await carts.create(rows[0].email)
    await client.query(
      `insert into bff.carts (user_id, medusa_cart_id) values ($1, $2)
       on conflict (user_id) do update set medusa_cart_id = excluded.medusa_cart_id, created_at = now()`,
      [userId, created],
    )
    return { cartId: created, lines: [] }
  }

  /** Puts `quantity` of a variant into the Medusa cart, adding to a line of the same size if there is one; returns the cart id. */
  async function addSized(client: PoolClient, userId: string, variant: ProductVariant, quantity: number, refPostId: string | null): Promise<string> {
    const { cartId: id, lines } = await openCart(client, userId)
    const existing = lines.find((line) => line.variantId === variant.id)
    const total = (existing?.quantity ?? 0) + quantity
    if (total > MAX_LINE_QUANTITY) throw badRequest(TOO_MANY)
    if (total > variant.stockOnHand) throw variant.stockOnHand <= 0 || !existing ? outOfStock() : onlyLeft(variant.stockOnHand, variant.size)
    if (existing) await carts.setQuantity(id, existing.id, total)
    else await carts.addLine(id, { variantId: variant.id, quantity, refPostId })
    return id
  }

  async function requireProduct(client: Pick<Db, "query">, productId: string): Promise<Product> {
    const product = (await productsByIds(client, [productId])).get(productId)
    if (!product) throw notFound("Product not found")
    return product
  }

  async function view(userId: string): Promise<Bag> {
    const [{ lines }, sizeless, balance] = await Promise.all([medusaLines(db, userId), sizelessLines(db, userId), darkCoinsBalance(db, userId)])
    const products = await productsByIds(db, [...lines.map((l) => l.productId), ...sizeless.map((l) => l.productId)])
    const items: (BagItem & { createdAt: string })[] = []
    for (const line of lines) {
      const product = products.get(line.productId)
      // A product the shop no longer sells is left out; checkout refuses it too.
      if (!product) continue
      items.push({
        ...common(product, line.quantity, line.unitPrice, line.refPostId, line.createdAt),
        id: line.id,
        size: product.variants.find((v) => v.id === line.variantId)?.size ?? null,
        sizeRequired: false,
      })
    }
    for (const line of sizeless) {
      const product = products.get(line.productId)
      if (!product) continue
      items.push({
        ...common(product, line.quantity, product.basePrice, line.refPostId, line.createdAt),
        id: line.id,
        size: null,
        sizeRequired: product.sizes.length > 0,
      })
    }
    items.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0)
    const { discount, coins } = darkCoinsDiscount(balance, subtotal)
    return {
      items: items.map(({ createdAt: _createdAt, ...item }) => item),
      summary: {
        itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
        subtotal,
        darkCoins: balance,
        usableDiscount: discount,
        coinsToSpend: coins,
        sizesMissing: items.some((item) => item.sizeRequired),
      },
    }
  }

  function common(product: Product, quantity: number, unitPrice: number, refPostId: string | null, createdAt: string) {
    return {
      productId: product.id,
      product,
      quantity,
      unitPrice,
      lineTotal: unitPrice * quantity,
      refPostId,
      availableSizes: product.availableSizes,
      createdAt,
    }
  }

  const bagLock = (userId: string) => `bag:${userId}`
  const locked = <T>(userId: string, work: (client: PoolClient) => Promise<T>) => withAdvisoryLock(db, bagLock(userId), work)

  async function add(userId: string, input: AddToBag): Promise<Bag> {
    await locked(userId, async (client) => {
      const product = await requireProduct(client, input.productId)
      // A product sold in one variant and no sizes never needs one chosen.
      const size = input.size ?? (product.sizes.length === 0 && product.variants.length === 1 ? product.variants[0]!.size : null)
      if (size === null) {
        if (!product.availableSizes.length) throw outOfStock()
        if (!(await addSizeless(client, userId, { ...input, productId: product.id }))) throw badRequest(TOO_MANY)
        return
      }
      await addSized(client, userId, variantForSize(product, size), input.quantity, input.refPostId)
    })
    return view(userId)
  }

  async function setQuantity(userId: string, id: string, quantity: number): Promise<Bag> {
    if (quantity <= 0) return remove(userId, id)
    await locked(userId, async (client) => {
      if (!isMedusaLineId(id)) {
        if (!(await setSizelessQuantity(client, userId, id, quantity))) throw notFound(ITEM_NOT_FOUND)
        return
      }
      const { cartId: cart, lines } = await medusaLines(client, userId)
      const line = lines.find((l) => l.id === id)
      if (!cart || !line) throw notFound(ITEM_NOT_FOUND)
      const product = await requireProduct(client, line.productId)
      const variant = product.variants.find((v) => v.id === line.variantId)
      if (!variant) throw notFound(ITEM_NOT_FOUND)
      if (quantity > line.quantity && quantity > variant.stockOnHand) throw onlyLeft(variant.stockOnHand, variant.size)
      await carts.setQuantity(cart, id, quantity)
    })
    return view(userId)
  }

  async function remove(userId: string, id: string): Promise<Bag> {
    await locked(userId, async (client) => {
      if (!isMedusaLineId(id)) {
        if (!(await removeSizeless(client, userId, id))) throw notFound(ITEM_NOT_FOUND)
        return
      }
      const { cartId: cart, lines } = await medusaLines(client, userId)
      if (!cart || !lines.some((l) => l.id === id)) throw notFound(ITEM_NOT_FOUND)
      await carts.removeLine(cart, id)
    })
    return view(userId)
  }

  /**
   * Chooses a size: a sizeless line moves into the Medusa cart (its BFF row is deleted in the same
   * transaction, committed only once Medusa took the line); a sized line moves to the other size.
   */
  async function setSize(userId: string, id: string, size: string): Promise<Bag> {
    await locked(userId, async (client) => {
      if (!isMedusaLineId(id)) {
        const line: SizelessLine | undefined = await sizelessLine(client, userId, id)
        if (!line) throw notFound(ITEM_NOT_FOUND)
        const product = await requireProduct(client, line.productId)
        const variant = variantForSize(product, size)
        await client.query("begin")
        try {
          await removeSizeless(client, userId, id)
          await addSized(client, userId, variant, line.quantity, line.refPostId)
          await client.query("commit")
        } catch (error) {
          await client.query("rollback")
          throw error
        }
        return
      }
      const { lines } = await medusaLines(client, userId)
      const line = lines.find((l) => l.id === id)
      if (!line) throw notFound(ITEM_NOT_FOUND)
      const product = await requireProduct(client, line.productId)
      const variant = variantForSize(product, size)
      if (variant.id === line.variantId) return
      // The new size first: if Medusa refuses it, the shopper keeps the line they had.
      const cart = await addSized(client, userId, variant, line.quantity, line.refPostId)
      await carts.removeLine(cart, line.id)
    })
    return view(userId)
  }

  /**
   * After an order: the bought quantities leave the bag's sized lines (lines added since stay). Runs on
   * `client`, the caller's connection, which may hold other locks (the checkout's).
   */
  async function forgetPurchased(client: PoolClient, userId: string, bought: { variantId: string; quantity: number }[]): Promise<void> {
    await holdingAdvisoryLock(client, bagLock(userId), async () => {
      const { cartId: cart, lines } = await medusaLines(client, userId)
      if (!cart) return
      for (const { variantId, quantity } of bought) {
        const line = lines.find((l) => l.variantId === variantId)
        if (!line) continue
        if (line.quantity > quantity) await carts.setQuantity(cart, line.id, line.quantity - quantity)
        else await carts.removeLine(cart, line.id)
      }
    })
  }

  return { view, add, setQuantity, remove, setSize, forgetPurchased }
}

export type BagService = ReturnType<typeof bagService>
