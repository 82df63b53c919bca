import { adminJobSchema, adminOrderSchema, adminProductSchema, adminReturnSchema, adminReviewSchema, reportedPostSchema } from "@fitshop/contracts"
import type { GetListParams, Identifier, RaRecord } from "react-admin"
import { isRecord } from "../lib/guards"

const API_ROOT = "/api/admin"

/** Where a resource lives on the BFF, the name its lists come under, and the contract its records are checked by. */
export type ResourceRoute = {
  list: string
  record: (id: Identifier) => string
  listKey: string
  parse?: (value: unknown) => RaRecord
}

const under = (path: string) => (id: Identifier) => `${API_ROOT}${path}/${encodeURIComponent(String(id))}`

const ROUTES: Record<string, ResourceRoute> = {
  products: { list: `${API_ROOT}/products`, record: under("/products"), listKey: "products", parse: (value) => adminProductSchema.parse(value) },
  orders: { list: `${API_ROOT}/orders`, record: under("/orders"), listKey: "orders", parse: (value) => adminOrderSchema.parse(value) },
  // FITFEED review: the hidden posts are listed at /fitfeed/reported, each removed at /fitfeed/posts/{id}.
  "reported-posts": {
    list: `${API_ROOT}/fitfeed/reported`,
    record: under("/fitfeed/posts"),
    listKey: "posts",
    parse: (value) => reportedPostSchema.parse(value),
  },
  // Background jobs: the failed ones are listed with ?state=failed, each retried at /jobs/{id}/retry.
  jobs: { list: `${API_ROOT}/jobs`, record: under("/jobs"), listKey: "jobs", parse: (value) => adminJobSchema.parse(value) },
  // Returns and size exchanges: listed (read-only) at /returns, newest first, ?status= narrowing them.
  returns: { list: `${API_ROOT}/returns`, record: under("/returns"), listKey: "returns", parse: (value) => adminReturnSchema.parse(value) },
  // Product reviews: listed at /reviews with ?state=reported|hidden|all, each hidden or restored at /reviews/{id}/hide|restore.
  reviews: { list: `${API_ROOT}/reviews`, record: under("/reviews"), listKey: "reviews", parse: (value) => adminReviewSchema.parse(value) },
}

/** A resource's route; one the console has no contract for lives at /api/admin/<resource>. */
export const routeOf = (resource: string): ResourceRoute =>
  ROUTES[resource] ?? { list: `${API_ROOT}/${resource}`, record: under(`/${resource}`), listKey: resource }

export function isRaRecord(value: unknown): value is RaRecord {
  return isRecord(value) && (typeof value.id === "string" || typeof value.id === "number")
}

/** A record comes bare or, as the BFF sends one, under its own name (`{ product }`, `{ post }`). */
export function readRecord(body: unknown, resource: string): RaRecord {
  const values = isRecord(body) ? Object.values(body) : []
  const [wrapped] = values
  const record = isRaRecord(body) ? body : values.length === 1 && isRaRecord(wrapped) ? wrapped : null
  if (!record) throw new Error(`The server sent no ${resource} record.`)
  const { parse } = routeOf(resource)
  return parse ? parse(record) : record
}

/** Lists come back as `{ <name>: [...], total }`, e.g. `{ products, total }`. */
export function readList(body: unknown, resource: string): { data: RaRecord[]; total: number } {
  const { listKey, parse } = routeOf(resource)
  const items = isRecord(body) ? body[listKey] : undefined
  if (!Array.isArray(items) || !items.every(isRaRecord)) throw new Error(`The server sent no ${resource} list.`)
  const total = isRecord(body) && typeof body.total === "number" ? body.total : items.length
  return { data: parse ? items.map(parse) : items, total }
}

type QueryValue = string | number | boolean

const isQueryValue = (value: unknown): value is QueryValue =>
  (typeof value === "string" && value !== "") || typeof value === "number" || typeof value === "boolean"

/** Pagination as limit/offset, sort as field and asc/desc, each filter as its own query parameter. */
export function listQuery({ pagination, sort, filter }: GetListParams): string {
  const search = new URLSearchParams()
  if (pagination) {
    search.set("limit", String(pagination.perPage))
    search.set("offset", String((pagination.page - 1) * pagination.perPage))
  }
  if (sort?.field) {
    search.set("sort", sort.field)
    search.set("order", sort.order === "DESC" ? "desc" : "asc")
  }
  const filters: unknown = filter
  if (isRecord(filters)) {
    for (const [key, value] of Object.entries(filters)) {
      const values: unknown[] = Array.isArray(value) ? value : [value]
      for (const item of values) {
        if (isQueryValue(item)) search.append(key, String(item))
      }
    }
  }
  const query = search.toString()
  return query ? `?${query}` : ""
}
