import type { AdminOrder, AdminOrderList, AnalyticsOverview, ProductSalesList, SalesSeries, ShopSalesSeries } from "@fitshop/contracts"
import { prepared, type Db } from "../../lib/db.js"
import { COUNTED_ENTRY } from "../wallet/index.js"
import type { AdminOrderListQuery, AdminPageQuery } from "./schema.js"

type Queryable = Pick<Db, "query">

/** A size is low on stock at or below this many units (the dashboard's low-stock list). */
export const LOW_STOCK_LINE = 5
/** Low-stock sizes listed at most, fewest units first. */
export const LOW_STOCK_LIMIT = 10

/**
 * Every figure below is read from the sales figures migration 021's trigger keeps beside the orders
 * (bff.sales_days, bff.product_sales, bff.product_sales_days): cancelled orders, orders returned whole and
 * test orders (live-test payments, `is_test`) count nowhere, the units that came back of an order (returns
 * received) are counted out of it (migration 034), and days are India days (Asia/Kolkata).
 */
const SALES_TOTALS = `
  select coalesce(sum(orders), 0)::int as orders,
         coalesce(sum(revenue_paise), 0)::bigint as revenue,
         coalesce(sum(orders) filter (where payment_method = 'cod'), 0)::int as cod_orders,
         coalesce(sum(fitfeed_revenue_paise), 0)::bigint as fitfeed_revenue,
         (select count(*) from bff.catalog_products)::int as live_products,
         (select coalesce(sum(coins), 0) from bff.dark_coin_entries where ${COUNTED_ENTRY})::bigint as dark_coins
    from bff.sales_days`

const LOW_STOCK = `
  select s.product_id, c.title, s.size, s.stock
    from bff.catalog_variant_stock s join bff.catalog_products c on c.id = s.product_id
   where s.stock <= $1
   order by s.stock, s.product_id collate "C", s.size collate "C"
   limit $2`

/** The overview's sales figures, the live product count and the low-stock sizes, in two statements run at once. */
export async function salesOverview(db: Queryable): Promise<Omit<AnalyticsOverview, "products"> & { liveProducts: number }> {
  const [totals, lowStock] = await Promise.all([
    db.query<{ orders: number; revenue: string; cod_orders: number; fitfeed_revenue: string; live_products: number; dark_coins: string }>(
      prepared(SALES_TOTALS, []),
    ),
    db.query<{ product_id: string; title: string; size: string; stock: number }>(prepared(LOW_STOCK, [LOW_STOCK_LINE, LOW_STOCK_LIMIT])),
  ])
  const row = totals.rows[0]!
  const revenue = Number(row.revenue)
  return {
    liveProducts: row.live_products,
    orders: row.orders,
    revenue,
    averageOrderValue: row.orders ? Math.round(revenue / row.orders) : 0,
    cashOnDeliveryShare: row.orders ? row.cod_orders / row.orders : 0,
    fitfeedRevenue: Number(row.fitfeed_revenue),
    darkCoinsOutstanding: Number(row.dark_coins),
    lowStock: lowStock.rows.map((line) => ({ productId: line.product_id, title: line.title, size: line.size, stock: line.stock })),
  }
}

// The page is joined to the total, so an offset past the end still answers the total (with no rows).
const PRODUCT_SALES = `
  with total as (select count(*)::int as n from bff.product_sales where units > 0)
  select total.n as total, page.* from total left join lateral (
    select ps.product_id, coalesce(c.title, ps.title) as title, coalesce(c.image_url, ps.image_url) as image_url, ps.units, ps.revenue_paise
      from bff.product_sales ps left join bff.catalog_products c on c.id = ps.product_id
     where ps.units > 0
     order by ps.units desc, ps.revenue_paise desc, ps.product_id collate "C"
     limit $1 offset $2) page on true`

/**
 * Units and revenue (line value: quantity × unit price, paise) per product, most units first (then
 * revenue). Title and picture come from the catalogue; a product it no longer lists keeps its order line's.
 */
export async function productSales(db: Queryable, page: AdminPageQuery): Promise<ProductSalesList> {
  const { rows } = await db.query<{
    total: number
    product_id: string | null
    title: string
    image_url: string | null
    units: number
    revenue_paise: string
  }>(prepared(PRODUCT_SALES, [page.limit, page.offset]))
  return {
    products: rows
      .filter((row) => row.product_id !== null)
      .map((row) => ({ productId: row.product_id!, title: row.title, imageUrl: row.image_url, units: row.units, revenue: Number(row.revenue_paise) })),
    total: rows[0]?.total ?? 0,
  }
}

const SALES_SERIES = `
  with today as (select (now() at time zone 'Asia/Kolkata')::date as day)
  select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(s.units, 0)::int as units, coalesce(s.revenue_paise, 0)::bigint as revenue
    from today cross join lateral (select today.day - offs as day from generate_series($2::int - 1, 0, -1) offs) d
    left join bff.product_sales_days s on s.product_id = $1 and s.day = d.day
   order by d.day`

/** The product's units and revenue on each of the last `days` India days, today last, days without sales as zeros. */
export async function salesSeries(db: Queryable, productId: string, days: number): Promise<SalesSeries> {
  const { rows } = await db.query<{ day: string; units: number; revenue: string }>(prepared(SALES_SERIES, [productId, days]))
  return { productId, days: rows.map((row) => ({ day: row.day, units: row.units, revenue: Number(row.revenue) })) }
}

// The last $1 India days, today last, each summed over its payment methods (at most two rows of bff.sales_days a day).
const SHOP_SERIES = `
  with today as (select (now() at time zone 'Asia/Kolkata')::date as day)
  select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(s.orders), 0)::int as orders, coalesce(sum(s.units), 0)::int as units,
         coalesce(sum(s.revenue_paise), 0)::bigint as revenue
    from today cross join lateral (select today.day - offs as day from generate_series($1::int - 1, 0, -1) offs) d
    left join bff.sales_days s on s.day = d.day
   group by d.day
   order by d.day`

/** The whole shop's orders, units and revenue (order totals, as the overview's) on each of the last `days` India days, zeros included. */
export async function shopSalesSeries(db: Queryable, days: number): Promise<ShopSalesSeries> {
  const { rows } = await db.query<{ day: string; orders: number; units: number; revenue: string }>(prepared(SHOP_SERIES, [days]))
  return { days: rows.map((row) => ({ day: row.day, orders: row.orders, units: row.units, revenue: Number(row.revenue) })) }
}

type OrderRow = {
  total: number
  id: string | null
  display_id: number | null
  status: AdminOrder["status"]
  total_paise: number
  payment_method: AdminOrder["paymentMethod"]
  item_count: number
  user_id: string
  name: string
  email: string
  created_at: Date
}

/**
 * Newest first, all orders (test and cancelled ones too: this is the record, not a sales figure) or one status.
 * The total is read from bff.order_counts (migration 022), which a trigger keeps with every order.
 */
const ORDER_PAGE = (where: string, counted: string) => `
  with total as (select coalesce(sum(orders), 0)::int as n from bff.order_counts ${counted})
  select total.n as total, page.* from total left join lateral (
    select o.id, o.display_id, o.status, o.total_paise, o.payment_method, o.created_at, o.user_id, u.name, u.email,
           (select coalesce(sum((line ->> 'quantity')::int), 0) from jsonb_array_elements(o.items) line)::int as item_count
      from bff.orders o join bff.users u on u.id = o.user_id
      ${where}
     order by o.created_at desc, o.id collate "C" desc
     limit $1 offset $2) page on true`
const ALL_ORDERS = ORDER_PAGE("", "")
const ORDERS_WITH_STATUS = ORDER_PAGE("where o.status = $3", "where status = $3")

/** The admin orders list; `itemCount` is the units bought (quantities summed over the lines). */
export async function adminOrders(db: Queryable, query: AdminOrderListQuery): Promise<AdminOrderList> {
  const statement = query.status ? prepared(ORDERS_WITH_STATUS, [query.limit, query.offset, query.status]) : prepared(ALL_ORDERS, [query.limit, query.offset])
  const { rows } = await db.query<OrderRow>(statement)
  return {
    orders: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id!,
        displayId: row.display_id,
        status: row.status,
        total: row.total_paise,
        paymentMethod: row.payment_method,
        itemCount: row.item_count,
        customer: { id: row.user_id, name: row.name, email: row.email },
        createdAt: row.created_at.toISOString(),
      })),
    total: rows[0]?.total ?? 0,
  }
}
