import { adminPageQuery, ORDER_STATUSES } from "@fitshop/contracts"
import { z } from "zod"

export { adminPageQuery }

export const adminOrderListQuery = adminPageQuery.extend({
  status: z.enum(ORDER_STATUSES, { message: `must be one of ${ORDER_STATUSES.join(", ")}` }).optional(),
})

/** The longest daily series answered: a year of India days. */
export const SERIES_MAX_DAYS = 366

export const salesSeriesQuery = z.object({
  days: z.coerce.number().int().min(1).max(SERIES_MAX_DAYS).default(90),
})

/** The shop-wide daily series: a month of India days unless asked otherwise. */
export const shopSeriesQuery = z.object({
  days: z.coerce.number().int().min(1).max(SERIES_MAX_DAYS).default(30),
})

export type AdminPageQuery = z.infer<typeof adminPageQuery>
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>
