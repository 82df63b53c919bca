import { z } from "@medusajs/framework/zod"
import { SIZES } from "../../../lib/catalogue"
import { ADMIN_STATUSES } from "../../../workflows/admin-products/utils/admin-product-plan"

const Size = z
  .object({
    size: z.enum(SIZES),
    stock: z.number().int().min(0),
    /** Inches, as the BFF's contract checked them. */
    measurements: z.record(z.string(), z.unknown()).nullable(),
  })
  .strict()

/**
 * A product as the console saves it, already checked against the editor's rules by the BFF: Medusa's
 * fields, the price in rupees for every size, attributes and media details in metadata.
 */
export const InternalAdminProduct = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(5000),
    status: z.enum(ADMIN_STATUSES),
    price: z.number().positive().nullable(),
    weight: z.number().int().min(0).nullable(),
    material: z.string().nullable(),
    thumbnail: z.string().nullable(),
    images: z.array(z.object({ url: z.string().min(1) }).strict()).max(24),
    metadata: z.record(z.string(), z.unknown()),
    sizes: z
      .array(Size)
      .max(SIZES.length)
      .refine((rows) => new Set(rows.map((row) => row.size)).size === rows.length, "each size may appear once"),
  })
  .strict()

export type InternalAdminProductType = z.infer<typeof InternalAdminProduct>

/** An update names the version the form was loaded at. */
export const InternalAdminProductVersion = z.object({ version: z.number().int().min(1), product: InternalAdminProduct }).strict()

export type InternalAdminProductVersionType = z.infer<typeof InternalAdminProductVersion>

export const InternalAdminProductStatuses = z
  .object({
    ids: z.array(z.string().min(1)).min(1).max(100),
    status: z.enum(ADMIN_STATUSES),
  })
  .strict()

export type InternalAdminProductStatusesType = z.infer<typeof InternalAdminProductStatuses>

/** The list's query: a status, a title search, a page. */
export const InternalAdminProductList = z.object({
  status: z.enum(ADMIN_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
})
