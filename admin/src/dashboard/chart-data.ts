import { orderHasEnded, type AdminOrder, type ProductSales } from "@fitshop/contracts"

export const TOP_PRODUCTS_SHOWN = 10

export type SalesPoint = { label: string; revenue: number }

/** 'Sales Over Time' per order (spec): oldest first, labelled "Order n", revenue in rupees (total ÷ 100); cancelled and returned orders count nowhere. */
export function orderPoints(newestFirst: AdminOrder[]): SalesPoint[] {
  return newestFirst
    .filter((order) => !orderHasEnded(order.status))
    .reverse()
    .map((order, index) => ({ label: `Order ${String(index + 1)}`, revenue: order.total / 100 }))
}

/** The per-day view: one point per India-time day of the server's series (the shop's or one product's), revenue in rupees. */
export const dayPoints = (series: { days: { day: string; revenue: number }[] }): SalesPoint[] =>
  series.days.map((day) => ({ label: day.day, revenue: day.revenue / 100 }))

/** 'Top 10 Products (Units Sold)'. */
export const topProducts = (products: ProductSales[]) =>
  products.slice(0, TOP_PRODUCTS_SHOWN).map((product) => ({ title: product.title, units: product.units }))
