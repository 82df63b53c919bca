import type { AnalyticsOverview, FitReturnRates } from "@fitshop/contracts"
import { Router } from "express"
import type { Authentication } from "../../http/authenticate.js"
import { noStore } from "../../http/no-store.js"
import { validated } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import type { Commerce } from "../../lib/medusa.js"
import { productIdParams } from "../catalog/index.js"
import { fitReturnCounts } from "../returns/index.js"
import { productCounts } from "./product-counts.js"
import { adminOrders, productSales, salesOverview, salesSeries, shopSalesSeries } from "./queries.js"
import { adminOrderListQuery, adminPageQuery, salesSeriesQuery, shopSeriesQuery } from "./schema.js"

type Options = { db: Db; commerce: Commerce; authentication: Authentication }

/** The console's dashboard figures and orders list (issue 17), computed by the server from the BFF's own orders. */
export function adminAnalyticsRoutes({ db, commerce, authentication }: Options): Router {
  const router = Router()
  const statusCounts = productCounts(commerce)

  router.get("/admin/analytics/overview", authentication.requireStaff, noStore, async (_req, res) => {
    const [{ liveProducts, ...sales }, counts] = await Promise.all([salesOverview(db), statusCounts()])
    const overview: AnalyticsOverview = { products: { total: liveProducts + counts.draft + counts.archived, live: liveProducts, ...counts }, ...sales }
    res.json(overview)
  })

  // Which cuts come back for their fit: the units delivered in the last 90 days and those sent back or exchanged too small or too big.
  router.get("/admin/analytics/fit-returns", authentication.requireStaff, noStore, async (_req, res) => {
    const rates: FitReturnRates = {
      products: (await fitReturnCounts(db)).map((row) => ({ ...row, rate: (row.tooSmall + row.tooBig) / row.unitsDelivered })),
    }
    res.json(rates)
  })

  router.get(
    "/admin/analytics/products",
    authentication.requireStaff,
    noStore,
    validated({ query: adminPageQuery }, async (_req, res, { query }) => {
      res.json(await productSales(db, query))
    }),
  )

  router.get(
    "/admin/analytics/series",
    authentication.requireStaff,
    noStore,
    validated({ query: shopSeriesQuery }, async (_req, res, { query }) => {
      res.json(await shopSalesSeries(db, query.days))
    }),
  )

  router.get(
    "/admin/analytics/products/:id/series",
    authentication.requireStaff,
    noStore,
    validated({ params: productIdParams, query: salesSeriesQuery }, async (_req, res, { params, query }) => {
      res.json(await salesSeries(db, params.id, query.days))
    }),
  )

  router.get(
    "/admin/orders",
    authentication.requireStaff,
    noStore,
    validated({ query: adminOrderListQuery }, async (_req, res, { query }) => {
      res.json(await adminOrders(db, query))
    }),
  )
  return router
}
