import { queryOptions, useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { DROPS_PATH, type DropListing, type DropsAnswer } from "@fitshop/contracts"

/** How often a drop's product page asks again for the units left, while the tab is visible (react-query pauses a hidden tab). */
export const DROP_REMAINING_REFRESH_MS = 5000

/** GET /api/drops: the upcoming and live drops, each with its true count of units left. */
export const getDrops = (signal?: AbortSignal) => apiClient.get<DropsAnswer>(DROPS_PATH, { signal, skipSessionRefresh: true })

export const getDropsQueryOptions = () =>
  queryOptions({
    queryKey: ["drops"],
    queryFn: ({ signal }) => getDrops(signal),
    // The BFF answers no-store: a count is only true as it is read, so every screen that opens asks again.
    staleTime: 0,
  })

const listingOf = (productId: string) => (answer: DropsAnswer) => answer.drops.find((drop) => drop.productId === productId) ?? null

/** A product's drop as the list answers it, asked again every few seconds; nothing until the list has answered. */
export const useDropListing = (productId: string) =>
  useQuery({ ...getDropsQueryOptions(), select: listingOf(productId), refetchInterval: DROP_REMAINING_REFRESH_MS })

const firstLive = (answer: DropsAnswer): DropListing | null => answer.drops.find((drop) => drop.live) ?? null

/** The first drop on sale now, or null when none is. */
export const useLiveDrop = () => useQuery({ ...getDropsQueryOptions(), select: firstLive })
