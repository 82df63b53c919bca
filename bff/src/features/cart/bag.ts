import type { PoolClient } from "pg"
import { badRequest, HttpError, notFound } from "../../http/errors.js"
import { transaction, type Db } from "../../lib/db.js"
import type { Bag, BagItem, Product, ProductVariant } from "@fitshop/contracts"
import { dropShopper, dropUnitsTaken, lockDropShopper, overDropLimit, productsByIds, refuseUnopenedDrop } from "../catalog/index.js"
import {
  addSizedAndRead,
  addToLine,
  bagLine,
  bagLinesWithProducts,
  lineOf,
  MAX_LINE_QUANTITY,
  removeBought,
  removeLine,
  setLineQuantity,
  unitsOfProduct,
  type BagLine,
} from "./bag-lines.js"
import { darkCoinsDiscount } from "./dark-coins-discount.js"

export type AddToBag = { productId: string; quantity: number; size: string | null; refPostId: string | null }

export const OUT_OF_STOCK = "Selected size is out of stock"
const ITEM_NOT_FOUND = "That item is not in your bag."
const TOO_MANY = `You can have at most ${MAX_LINE_QUANTITY} of one item in your bag.`

const outOfStock = () => new HttpError(409, "out_of_stock", OUT_OF_STOCK, {}, { available: 0 })
const onlyLeft = (available: number, size: string) =>
  available <= 0 ? outOfStock() : new HttpError(409, "out_of_stock", `Only ${available} left in size ${size}`, {}, { available })

type Client = Pick<Db, "query">

function variantForSize(product: Product, size: string): ProductVariant {
  const variant = product.variants.find((v) => v.size === size)
  if (!variant) throw badRequest(`size: ${product.title} comes in ${product.sizes.join(", ")}`)
  return variant
}

/**
 * The shopper's bag, wholly in the BFF's PostgreSQL (docs/architecture.md: the bag is the shopper's, Medusa's
 * cart is the order's): adding, changing and removing lines never waits on Medusa. Stock is checked
 * against the catalogue's read model and never reserved; checkout holds it (checkout/stock-holds.ts).
 * Each change is one statement (or one transaction), so two tabs changing the bag at once both count.
 */
export function bagService({ db }: { db: Db }) {
  async function requireProduct(client: Client, productId: string): Promise<Product> {
    const product = (await productsByIds(client, [productId])).get(productId)
    if (!product) throw notFound("Product not found")
    return product
  }

  /** Puts `quantity` of a size into the bag, adding to the line of that size if there is one. */
  async function addSized(client: Client, userId: string, product: Product, variant: ProductVariant, quantity: number, refPostId: string | null) {
    const line = { productId: product.id, variantId: variant.id, quantity, refPostId }
    if (await addToLine(client, userId, line, Math.min(MAX_LINE_QUANTITY, variant.stockOnHand))) return
    const existing = await lineOf(client, userId, product.id, variant.id)
    if ((existing?.quantity ?? 0) + quantity > MAX_LINE_QUANTITY) throw badRequest(TOO_MANY)
    throw existing ? onlyLeft(variant.stockOnHand, variant.size) : outOfStock()
  }

  /**
   * Runs `work`, which puts `more` units of the product in the bag, as it is for an ordinary product; for a drop, only
   * while the person (every account of their inbox) stays within its limit per shopper: their bag, their orders not
   * cancelled and their other accounts' checkouts, counted under their lock, so two tabs or devices take turns.
   */
  async function withinDropLimit(userId: string, product: Product | undefined, more: number, work: (client: Client) => Promise<void>): Promise<void> {
    const drop = product?.drop
    if (!product || !drop) return work(db)
    await transaction(db, async (client) => {
      const shopper = await dropShopper(client, userId)
      await lockDropShopper(client, shopper)
      const has = (await unitsOfProduct(client, userId, product.id)) + (await dropUnitsTaken(client, shopper, userId, product.id))
      if (has + more > drop.limitPerShopper) throw overDropLimit(drop.limitPerShopper)
      await work(client)
    })
  }

  async function view(userId: string): Promise<Bag> {
    const { lines, balance } = await bagLinesWithProducts(db, userId)
    return bagOf(lines, balance)
  }

  async function add(userId: string, input: AddToBag): Promise<Bag> {
    if (input.size !== null) {
      // The usual add (a size chosen, and room for it) is one round trip; anything else is worked out below.
      const { added, lines, balance } = await addSizedAndRead(db, userId, { ...input, size: input.size })
      if (added) return bagOf(lines, balance)
    }
    const product = await requireProduct(db, input.productId)
    refuseUnopenedDrop(product)
    // A product sold in one variant and no sizes never needs one chosen.
    const size = input.size ?? (product.sizes.length === 0 && product.variants.length === 1 ? product.variants[0]!.size : null)
    await withinDropLimit(userId, product, input.quantity, async (client) => {
      if (size === null) {
        if (!product.availableSizes.length) throw outOfStock()
        const line = { productId: product.id, variantId: null, quantity: input.quantity, refPostId: input.refPostId }
        if (!(await addToLine(client, userId, line, MAX_LINE_QUANTITY))) throw badRequest(TOO_MANY)
      } else {
        await addSized(client, userId, product, variantForSize(product, size), input.quantity, input.refPostId)
      }
    })
    return view(userId)
  }

  async function setQuantity(userId: string, id: string, quantity: number): Promise<Bag> {
    if (quantity <= 0) return remove(userId, id)
    const line = await bagLine(db, userId, id)
    if (!line) throw notFound(ITEM_NOT_FOUND)
    if (quantity <= line.quantity) {
      if (!(await setLineQuantity(db, userId, id, quantity))) throw notFound(ITEM_NOT_FOUND)
      return view(userId)
    }
    const product = (await productsByIds(db, [line.productId])).get(line.productId)
    if (line.variantId !== null) {
      const variant = product?.variants.find((v) => v.id === line.variantId)
      if (!variant) throw notFound(ITEM_NOT_FOUND)
      if (quantity > variant.stockOnHand) throw onlyLeft(variant.stockOnHand, variant.size)
    }
    await withinDropLimit(userId, product, quantity - line.quantity, async (client) => {
      if (!(await setLineQuantity(client, userId, id, quantity))) throw notFound(ITEM_NOT_FOUND)
    })
    return view(userId)
  }

  async function remove(userId: string, id: string): Promise<Bag> {
    if (!(await removeLine(db, userId, id))) throw notFound(ITEM_NOT_FOUND)
    return view(userId)
  }

  /** Chooses a size: the line leaves its old size (or none) and joins the new one's, in one transaction, so a refusal keeps the line as it was. */
  async function setSize(userId: string, id: string, size: string): Promise<Bag> {
    await transaction(db, async (client) => {
      const line = await bagLine(client, userId, id)
      if (!line) throw notFound(ITEM_NOT_FOUND)
      const product = await requireProduct(client, line.productId)
      const variant = variantForSize(product, size)
      if (variant.id === line.variantId) return
      await removeLine(client, userId, id)
      await addSized(client, userId, product, variant, line.quantity, line.refPostId)
    })
    return view(userId)
  }

  /**
   * After an order: the bought quantities leave the bag's sized lines (lines added since stay). Runs on the caller's
   * connection. Answers how many of the bought units the bag held.
   */
  async function forgetPurchased(client: PoolClient, userId: string, bought: { variantId: string; quantity: number }[]): Promise<number> {
    return removeBought(client, userId, bought)
  }

  return { view, add, setQuantity, remove, setSize, forgetPurchased }
}

/** The bag as shoppers see it: a product the shop no longer sells is left out (checkout refuses it too). */
function bagOf(lines: (BagLine & { product: Product | null })[], balance: number): Bag {
  const items = lines.flatMap((line) => (line.product ? [bagItem(line.product, line)] : []))
  const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0)
  const { discount, coins } = darkCoinsDiscount(balance, subtotal)
  return {
    items,
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

function bagItem(product: Product, line: BagLine): BagItem {
  const size = product.variants.find((v) => v.id === line.variantId)?.size ?? null
  return {
    id: line.id,
    productId: product.id,
    product,
    quantity: line.quantity,
    size,
    unitPrice: product.basePrice,
    lineTotal: product.basePrice * line.quantity,
    refPostId: line.refPostId,
    availableSizes: product.availableSizes,
    // A size the product no longer has needs choosing again, like a line added without one.
    sizeRequired: size === null && product.sizes.length > 0,
  }
}

export type BagService = ReturnType<typeof bagService>
