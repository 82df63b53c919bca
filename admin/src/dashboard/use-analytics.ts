import type { AdminOrder } from "@fitshop/contracts"
import { useQuery } from "@tanstack/react-query"
import { useDataProvider, useGetList } from "react-admin"
import type { ConsoleDataProvider } from "../data-provider"

// The dashboard says "Failed to load analytics." at the first failure, as it always has, rather than after retries.
const once = { retry: false } as const

/** The newest orders, as many as one page may hold. */
export const useRecentOrders = () =>
  useGetList<AdminOrder>("orders", { pagination: { page: 1, perPage: 100 }, sort: { field: "createdAt", order: "DESC" } }, once)

export function useAnalyticsOverview() {
  const dataProvider = useDataProvider<ConsoleDataProvider>()
  return useQuery({
    queryKey: ["analytics", "overview"],
    queryFn: ({ signal }) => dataProvider.getAnalyticsOverview({ signal }).then(({ data }) => data),
    ...once,
  })
}

export function useProductSales() {
  const dataProvider = useDataProvider<ConsoleDataProvider>()
  return useQuery({
    queryKey: ["analytics", "products"],
    queryFn: ({ signal }) => dataProvider.getProductSales({ signal }).then(({ data }) => data),
    ...once,
  })
}

/** Per product, how many of the last 90 days' delivered units came back or were exchanged for fit, highest rate first. */
export function useFitReturnRates() {
  const dataProvider = useDataProvider<ConsoleDataProvider>()
  return useQuery({
    queryKey: ["analytics", "fit-returns"],
    queryFn: ({ signal }) => dataProvider.getFitReturnRates({ signal }).then(({ data }) => data),
    ...once,
  })
}

/** The whole shop's last 30 India days. */
const SHOP_SERIES_DAYS = 30

/** The per-day view's series: the whole shop's, or one product's when one is chosen (`productId`). */
export function useDailySales(productId: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>()
  return useQuery({
    queryKey: ["analytics", "series", productId],
    queryFn: async ({ signal }): Promise<{ days: { day: string; revenue: number }[] }> =>
      productId ? (await dataProvider.getSalesSeries(productId, { signal })).data : (await dataProvider.getShopSalesSeries(SHOP_SERIES_DAYS, { signal })).data,
    ...once,
  })
}
