import { z } from "zod"
import { CATEGORY_TYPES, GENDERS, STYLE_GROUPS, SUBCATEGORIES } from "./product.js"

const allSubcategories: string[] = [...SUBCATEGORIES.UPPERS, ...SUBCATEGORIES.LOWERS]

export const listProductsQuery = z
  .object({
    active: z.enum(["true"], { message: "only active=true is served to shoppers" }).optional(),
    gender: z.enum(GENDERS).optional(),
    categoryType: z.enum(CATEGORY_TYPES).optional(),
    subcategory: z
      .string()
      .refine((value) => allSubcategories.includes(value), { message: `must be one of ${allSubcategories.join(", ")}` })
      .optional(),
    styleGroup: z.enum(STYLE_GROUPS).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(24),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .superRefine((query, ctx) => {
    if (query.subcategory && query.categoryType) {
      const group: readonly string[] = SUBCATEGORIES[query.categoryType]
      if (!group.includes(query.subcategory)) {
        ctx.addIssue({ code: "custom", path: ["subcategory"], message: `${query.subcategory} is not a ${query.categoryType} subcategory` })
      }
    }
  })

export type ListProductsQuery = z.infer<typeof listProductsQuery>

export const productIdParams = z.object({
  id: z.string().regex(/^prod_[0-9A-Z]{26}$/, { message: "is not a product id" }),
})
