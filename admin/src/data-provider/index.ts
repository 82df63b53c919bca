import type { DataProvider, GetListParams, Identifier, RaRecord } from "react-admin"
import { isRecord } from "../lib/guards"
import { authorizedJson } from "../lib/http-client"

const API_ROOT = "/api/admin"

type QueryValue = string | number | boolean

const isQueryValue = (value: unknown): value is QueryValue =>
  (typeof value === "string" && value !== "") || typeof value === "number" || typeof value === "boolean"

function isRaRecord(value: unknown): value is RaRecord {
  return isRecord(value) && (typeof value.id === "string" || typeof value.id === "number")
}

/** A record comes bare or, as the BFF sends one, under its own name (`{ product }`, `{ post }`). */
function readRecord(body: unknown, resource: string): RaRecord {
  if (isRaRecord(body)) return body
  const values = isRecord(body) ? Object.values(body) : []
  const [wrapped] = values
  if (values.length === 1 && isRaRecord(wrapped)) return wrapped
  throw new Error(`The server sent no ${resource} record.`)
}

/** Lists come back as `{ <resource>: [...], total }`, e.g. `{ products, total }`. */
function readList(body: unknown, resource: string): { data: RaRecord[]; total: number } {
  const items = isRecord(body) ? body[resource] : undefined
  if (!Array.isArray(items) || !items.every(isRaRecord)) {
    throw new Error(`The server sent no ${resource} list.`)
  }
  const total = isRecord(body) && typeof body.total === "number" ? body.total : items.length
  return { data: items, total }
}

/** Pagination as limit/offset, sort as field and asc/desc, each filter as its own query parameter. */
function buildListQuery({ pagination, sort, filter }: GetListParams): string {
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

const collectionPath = (resource: string) => `${API_ROOT}/${resource}`
const recordPath = (resource: string, id: Identifier) => `${API_ROOT}/${resource}/${encodeURIComponent(String(id))}`

async function getList(resource: string, params: GetListParams) {
  const body = await authorizedJson(`${collectionPath(resource)}${buildListQuery(params)}`, { signal: params.signal })
  return readList(body, resource)
}

async function getOne(resource: string, id: Identifier, signal?: AbortSignal) {
  return readRecord(await authorizedJson(recordPath(resource, id), { signal }), resource)
}

async function update(resource: string, id: Identifier, data: unknown) {
  return readRecord(await authorizedJson(recordPath(resource, id), { method: "PUT", body: data }), resource)
}

async function remove(resource: string, id: Identifier, previousData?: RaRecord): Promise<RaRecord> {
  const body = await authorizedJson(recordPath(resource, id), { method: "DELETE" })
  return isRaRecord(body) ? body : (previousData ?? { id })
}

/** react-admin's view of the BFF's /api/admin: the same calls, Bearer token, and error text everywhere. */
export const dataProvider: DataProvider = {
  supportAbortSignal: true,

  getList: async <RecordType extends RaRecord>(resource: string, params: GetListParams) => {
    const { data, total } = await getList(resource, params)
    return { data: data as RecordType[], total }
  },

  getOne: async <RecordType extends RaRecord>(resource: string, params: { id: Identifier; signal?: AbortSignal }) => ({
    data: (await getOne(resource, params.id, params.signal)) as RecordType,
  }),

  getMany: async <RecordType extends RaRecord>(resource: string, params: { ids: Identifier[]; signal?: AbortSignal }) => ({
    data: (await Promise.all(params.ids.map((id) => getOne(resource, id, params.signal)))) as RecordType[],
  }),

  getManyReference: async <RecordType extends RaRecord>(resource: string, params: GetListParams & { target: string; id: Identifier }) => {
    const filters: unknown = params.filter
    const filter = { ...(isRecord(filters) ? filters : {}), [params.target]: params.id }
    const { data, total } = await getList(resource, { ...params, filter })
    return { data: data as RecordType[], total }
  },

  create: async <RecordType extends Omit<RaRecord, "id">, ResultRecordType extends RaRecord>(resource: string, params: { data: Partial<RecordType> }) => {
    const body = await authorizedJson(collectionPath(resource), { method: "POST", body: params.data })
    return { data: readRecord(body, resource) as ResultRecordType }
  },

  update: async <RecordType extends RaRecord>(resource: string, params: { id: Identifier; data: unknown }) => ({
    data: (await update(resource, params.id, params.data)) as RecordType,
  }),

  updateMany: async (resource: string, params: { ids: Identifier[]; data: unknown }) => {
    const records = await Promise.all(params.ids.map((id) => update(resource, id, params.data)))
    return { data: records.map((record) => record.id) }
  },

  delete: async <RecordType extends RaRecord>(resource: string, params: { id: Identifier; previousData?: RecordType }) => ({
    data: (await remove(resource, params.id, params.previousData)) as RecordType,
  }),

  deleteMany: async (resource: string, params: { ids: Identifier[] }) => {
    await Promise.all(params.ids.map((id) => remove(resource, id)))
    return { data: params.ids }
  },
}
