import { bulkStatusAnswerSchema, bulkStatusInput } from "@fitshop/contracts"
import type { DataProvider, GetListParams, Identifier, RaRecord } from "react-admin"
import { isRecord } from "../lib/guards"
import { authorizedJson } from "../lib/http-client"
import { customMethods } from "./custom-methods"
import { isRaRecord, listQuery, readList, readRecord, routeOf } from "./resources"

async function getList(resource: string, params: GetListParams) {
  return readList(await authorizedJson(`${routeOf(resource).list}${listQuery(params)}`, { signal: params.signal }), resource)
}

async function getOne(resource: string, id: Identifier, signal?: AbortSignal) {
  return readRecord(await authorizedJson(routeOf(resource).record(id), { signal }), resource)
}

async function update(resource: string, id: Identifier, data: unknown) {
  return readRecord(await authorizedJson(routeOf(resource).record(id), { method: "PUT", body: data }), resource)
}

async function remove(resource: string, id: Identifier, previousData?: RaRecord): Promise<RaRecord> {
  const body = await authorizedJson(routeOf(resource).record(id), { method: "DELETE" })
  return isRaRecord(body) ? body : (previousData ?? { id })
}

/** Products change many at once only by status (Drafts' Delete archives), in one bulk-status call. */
async function setProductsStatus(ids: Identifier[], data: unknown): Promise<void> {
  if (!isRecord(data) || Object.keys(data).some((key) => key !== "status")) throw new Error("Products change together only by status.")
  const body = bulkStatusInput.parse({ ids: ids.map(String), status: data.status })
  bulkStatusAnswerSchema.parse(await authorizedJson(`${routeOf("products").list}/bulk-status`, { method: "POST", body }))
}

/**
 * react-admin's view of the BFF's /api/admin, the console's only way to it: the standard methods over its
 * resources (products, orders, reported-posts, jobs, returns), every answer checked against its contract, and the custom
 * methods for what is no resource's record (analytics, duplicates, sizes, restores, job retries, uploads).
 */
export const dataProvider = {
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
    const body = await authorizedJson(routeOf(resource).list, { method: "POST", body: params.data })
    return { data: readRecord(body, resource) as ResultRecordType }
  },

  /** A product's update names the version it was made from (`{ version, product }`); the BFF answers 409 when it changed meanwhile. */
  update: async <RecordType extends RaRecord>(resource: string, params: { id: Identifier; data: unknown; previousData?: RecordType }) => ({
    data: (await update(resource, params.id, params.data)) as RecordType,
  }),

  updateMany: async (resource: string, params: { ids: Identifier[]; data: unknown }) => {
    if (resource === "products") await setProductsStatus(params.ids, params.data)
    else await Promise.all(params.ids.map((id) => update(resource, id, params.data)))
    return { data: params.ids }
  },

  delete: async <RecordType extends RaRecord>(resource: string, params: { id: Identifier; previousData?: RecordType }) => ({
    data: (await remove(resource, params.id, params.previousData)) as RecordType,
  }),

  deleteMany: async (resource: string, params: { ids: Identifier[] }) => {
    await Promise.all(params.ids.map((id) => remove(resource, id)))
    return { data: params.ids }
  },

  ...customMethods,
} satisfies DataProvider

/** The console's data provider with its custom methods, as `useDataProvider<ConsoleDataProvider>()` gives it. */
export type ConsoleDataProvider = typeof dataProvider
