import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { queryKeys } from "@/lib/query-keys"
import type { LedgerPage } from "@fitshop/contracts"

export const LEDGER_PAGE_SIZE = 50

/** GET /api/wallet/ledger: the Dark Coins balance and one page of entries, newest first. */
export const getWalletLedger = (cursor: string | null, signal?: AbortSignal) =>
  apiClient.get<LedgerPage>("/api/wallet/ledger", { params: { limit: LEDGER_PAGE_SIZE, cursor }, signal })

/** Under the wallet key, so an order that spends or earns coins reloads it. */
export const getWalletLedgerQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.wallet, "ledger"],
    queryFn: ({ pageParam, signal }) => getWalletLedger(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  })

export const useWalletLedger = () => useInfiniteQuery(getWalletLedgerQueryOptions())
