import type { MedusaContainer, RemoteQueryInput } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * A row of a Query result. Medusa types rows per entity only from `.medusa/types`, which `medusa build`
 * generates and a fresh clone lacks (its rows are then `any`), so rows are loose here, in this one place.
 */
export type QueryRow = Record<string, unknown>

/** Reads entities and their linked records through Medusa's Query (`query.graph`). */
export function queryGraph<const TEntry extends string>(scope: MedusaContainer, config: RemoteQueryInput<TEntry>): Promise<{ data: QueryRow[] }> {
  return scope.resolve(ContainerRegistrationKeys.QUERY).graph(config)
}
