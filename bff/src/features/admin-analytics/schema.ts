import { ORDER_STATUSES } from "@fitshop/contracts"
import { z } from "zod"

/** A page of an admin list: offset paging, as react-admin's lists ask. */
export const adminPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})

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
