import {
  CATEGORY_TYPES,
  COLLAR_STYLES,
  GENDERS,
  measurementsSchema,
  PRODUCT_STATUSES,
  SEASON_FITS,
  SIZES,
  SLEEVE_TYPES,
  STYLE_GROUPS,
} from "@fitshop/contracts"
import type { AdminProductInput, ProductStatus } from "@fitshop/contracts"
import { z } from "zod"
import { isRecord } from "../lib/guards"
import { authorizedJson } from "../lib/http-client"

/** The parts of an `AdminProduct` answer the console reads, checked where they arrive. */
export const adminProductAnswer = z.object({
  id: z.string(),
  version: z.number(),
  title: z.string(),
  description: z.string().nullish(),
  basePrice: z.number(),
  mrp: z.number().nullish(),
  status: z.enum(PRODUCT_STATUSES),
  gender: z.enum(GENDERS).nullish(),
  styleGroup: z.enum(STYLE_GROUPS).nullish(),
  categoryType: z.enum(CATEGORY_TYPES).nullish(),
  subcategory: z.string().nullish(),
  collarStyle: z.enum(COLLAR_STYLES).nullish(),
  fabric: z.string().nullish(),
  seasonFit: z.enum(SEASON_FITS).nullish(),
  sleeveType: z.enum(SLEEVE_TYPES).nullish(),
  colorName: z.string().nullish(),
  colorHex: z.string().nullish(),
  genre: z.string().nullish(),
  washInstructions: z.string().nullish(),
  gstPercent: z.number().nullish(),
  weightGrams: z.number().nullish(),
  images: z.array(z.object({ url: z.string(), altText: z.string().nullish(), isPrimary: z.boolean().optional() })).default([]),
  videos: z.array(z.object({ url: z.string(), isPrimary: z.boolean().optional() })).default([]),
  variants: z.array(z.object({ size: z.string(), stockOnHand: z.number(), measurements: measurementsSchema.nullish() })).default([]),
})
export type AdminProductAnswer = z.infer<typeof adminProductAnswer>

const productPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`

/** The BFF answers one product as `{ product }`; a bare product is read the same way. */
const readProduct = (body: unknown): AdminProductAnswer => adminProductAnswer.parse(isRecord(body) && isRecord(body.product) ? body.product : body)

export async function getProduct(id: string, signal?: AbortSignal): Promise<AdminProductAnswer> {
  return readProduct(await authorizedJson(productPath(id), { signal }))
}

export async function createProduct(product: AdminProductInput): Promise<AdminProductAnswer> {
  return readProduct(await authorizedJson("/api/admin/products", { method: "POST", body: product }))
}

/** An update names the version it was made from; the BFF answers 409 when the product changed meanwhile. */
export async function updateProduct(id: string, version: number, product: AdminProductInput): Promise<AdminProductAnswer> {
  return readProduct(await authorizedJson(productPath(id), { method: "PUT", body: { version, product } }))
}

/** A DRAFT copy with sizes, stock and media; answers the copy's id. */
export async function duplicateProduct(id: string): Promise<string> {
  const body = await authorizedJson(`${productPath(id)}/duplicate`, { method: "POST" })
  const copy = isRecord(body) && isRecord(body.product) ? body.product : body
  if (!isRecord(copy) || typeof copy.id !== "string") throw new Error("The server sent no product copy.")
  return copy.id
}

/** Drafts' Delete archives: one call for any number of products. */
export async function setProductsStatus(ids: string[], status: ProductStatus): Promise<void> {
  await authorizedJson("/api/admin/products/bulk-status", { method: "POST", body: { ids, status } })
}

/** The sizes the editor offers: the server's list when it has one, else the standard sizes. */
export async function getSizes(): Promise<string[]> {
  const body = await authorizedJson("/api/admin/config/sizes").catch(() => null)
  const items = isRecord(body) && Array.isArray(body.items) ? body.items.filter((item): item is string => typeof item === "string") : []
  return items.length > 0 ? items : [...SIZES]
}
