import {
  adminProductInput,
  type AdminProduct,
  type AdminProductForm,
  type AdminProductInput,
  type AdminProductList,
  PRODUCT_TITLE_MAX,
  type ProductStatus,
} from "@fitshop/contracts"
import { z } from "zod"
import { badRequest, conflict, notFound, serviceUnavailable } from "../../http/errors.js"
import { parse } from "../../http/validate.js"
import type { Logger } from "../../lib/logger.js"
import { CommerceInternalError, type Commerce } from "../../lib/medusa.js"
import { isCommerceUnavailable } from "../../lib/medusa.js"
import { paiseToRupees } from "../../lib/money.js"
import { MEDUSA_STATUS, medusaProduct } from "./medusa-product.js"
import { commerceAdminProduct, presentAdminProduct } from "./presenter.js"

/** What a 503 says when Medusa can't be asked (down, timing out, failing): nothing was saved, trying again later may work. */
export const COMMERCE_UNAVAILABLE_MESSAGE = "The catalogue service isn't answering, so nothing was saved. Please try again in a minute."

/** What a 409 says when commerce gave no text of its own. */
export const STALE_PRODUCT_MESSAGE = "This product changed while you were editing it. Reload to see the latest version."

const oneProduct = z.object({ product: commerceAdminProduct })
const productPage = z.object({ products: z.array(commerceAdminProduct), count: z.number().int().min(0) })
const changedIds = z.object({ ids: z.array(z.string()) })

type Options = {
  commerce: Commerce
  /** The catalogue read model's refresh (catalog/sync.ts), so the shop and its caches follow a change at once. */
  refreshCatalog: (productIds: string[]) => Promise<void>
  logger: Logger
}

/** A copy's title: the original's with " (copy)", cut so it stays within the editor's limit. */
export function copyTitle(title: string): string {
  const suffix = " (copy)"
  return `${title.slice(0, PRODUCT_TITLE_MAX - suffix.length).trimEnd()}${suffix}`
}

/** The editor's form for a product as read, so a copy is saved exactly as a new product would be. */
function formOf(product: AdminProduct): AdminProductForm {
  const media = (items: AdminProduct["videos"]) =>
    items.map((item) => ({ url: item.url, altText: item.altText ?? null, isPrimary: item.isPrimary ?? false, position: item.position }))
  return {
    title: product.title,
    description: product.description,
    price: product.basePrice > 0 ? paiseToRupees(product.basePrice) : null,
    mrp: product.mrp ? paiseToRupees(product.mrp) : null,
    gender: product.gender,
    styleGroup: product.styleGroup,
    categoryType: product.categoryType,
    subcategory: product.subcategory,
    collarStyle: product.collarStyle,
    fabric: product.fabric,
    seasonFit: product.seasonFit,
    sleeveType: product.sleeveType,
    colorName: product.colorName,
    colorHex: product.colorHex,
    genre: product.genre,
    washInstructions: product.washInstructions,
    gstPercent: product.gstPercent,
    returnable: product.returnable,
    drop: product.drop,
    countryOfOrigin: product.countryOfOrigin,
    manufacturer: product.manufacturer,
    weightGrams: product.weightGrams,
    sizes: product.variants.map((variant) => ({
      size: variant.size as AdminProductInput["sizes"][number]["size"],
      stock: variant.stockOnHand,
      measurements: variant.measurements,
    })),
    images: media(product.images),
    videos: media(product.videos),
    status: product.status,
  }
}

/**
 * The console's product work, done by commerce's /internal/admin-products routes (Medusa workflows): reads
 * of every status, saves checked against the version they were made from, status changes. After each change
 * the shop's read model is refreshed before answering, so the shop shows what the console just said.
 */
export function adminProductsService({ commerce, refreshCatalog, logger }: Options) {
  /** Calls commerce, turning its refusals into ours: 404 an unknown product, 409 a stale or busy one, 503 when it can't be reached. */
  async function call<T>(schema: z.ZodType<T>, path: string, init?: Parameters<Commerce["internal"]>[1]): Promise<T> {
    try {
      return schema.parse(await commerce.internal<unknown>(path, init))
    } catch (error) {
      if (error instanceof CommerceInternalError) {
        if (error.status === 404) throw notFound("Product not found")
        if (error.status === 409) throw conflict(error.detail || STALE_PRODUCT_MESSAGE)
        if (error.status === 400) throw badRequest(error.detail || "Medusa refused the product")
      }
      if (isCommerceUnavailable(error)) throw serviceUnavailable(COMMERCE_UNAVAILABLE_MESSAGE)
      throw error
    }
  }

  /** The change is saved whatever happens here: a failed refresh is repaired by Medusa's notice or the periodic rebuild. */
  async function refresh(ids: string[]): Promise<void> {
    if (!ids.length) return
    try {
      await refreshCatalog(ids)
    } catch (error) {
      logger.warn({ err: error, productIds: ids }, "catalogue refresh after an admin change failed")
    }
  }

  async function get(id: string): Promise<AdminProduct> {
    const { product } = await call(oneProduct, `/internal/admin-products/${encodeURIComponent(id)}`)
    return presentAdminProduct(product)
  }

  async function create(input: AdminProductInput): Promise<AdminProduct> {
    const { product } = await call(oneProduct, "/internal/admin-products", { method: "POST", body: medusaProduct(input) })
    await refresh([product.id])
    return presentAdminProduct(product)
  }

  async function setStatus(ids: string[], status: ProductStatus): Promise<string[]> {
    const { ids: changed } = await call(changedIds, "/internal/admin-products/statuses", { method: "POST", body: { ids, status: MEDUSA_STATUS[status] } })
    await refresh(changed)
    return changed
  }

  return {
    get,
    create,

    /** A page of products by status and title, last changed first, with how many match in all. */
    async list(query: { status?: ProductStatus | undefined; q?: string | undefined; limit: number; offset: number }): Promise<AdminProductList> {
      const search = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) })
      if (query.status) search.set("status", MEDUSA_STATUS[query.status])
      if (query.q) search.set("q", query.q)
      const page = await call(productPage, `/internal/admin-products?${search}`)
      return { products: page.products.map(presentAdminProduct), total: page.count }
    },

    /** Saves the form over the product if it is still at `version`; otherwise 409 and nothing changes. */
    async update(id: string, version: number, input: AdminProductInput): Promise<AdminProduct> {
      const path = `/internal/admin-products/${encodeURIComponent(id)}/versions`
      const { product } = await call(oneProduct, path, { method: "POST", body: { version, product: medusaProduct(input) } })
      await refresh([product.id])
      return presentAdminProduct(product)
    },

    /** A DRAFT copy with the same sizes, stock, measurements and media, titled "… (copy)". */
    async duplicate(id: string): Promise<AdminProduct> {
      const original = await get(id)
      const copy = parse(adminProductInput, { ...formOf(original), title: copyTitle(original.title), status: "DRAFT" })
      return create(copy)
    },

    /** Sets many products' status at once; answers how many exist and changed. */
    async bulkStatus(ids: string[], status: ProductStatus): Promise<number> {
      return (await setStatus(ids, status)).length
    },

    /** Archives a product (the console's Delete): it leaves the shop but stays in Medusa for orders and reports. */
    async archive(id: string): Promise<void> {
      const changed = await setStatus([id], "ARCHIVED")
      if (!changed.length) throw notFound("Product not found")
    },
  }
}

export type AdminProductsService = ReturnType<typeof adminProductsService>
