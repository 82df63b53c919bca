import { Alert, Box, Typography } from "@mui/material"
import { lazy, Suspense } from "react"
import { useApi } from "../lib/use-api"
import { ORDERS_PATH, OVERVIEW_PATH, PRODUCT_SALES_PATH, readOrders, readOverview, readProductSales } from "./analytics-api"
import { BestSellers } from "./BestSellers"
import { LowStock } from "./LowStock"
import { StatCards } from "./StatCards"

// The charts (recharts) load in their own chunk, so the rest of the console does not wait for them.
const SalesOverTime = lazy(() => import("./SalesOverTime").then((module) => ({ default: module.SalesOverTime })))
const TopProductsChart = lazy(() => import("./TopProductsChart").then((module) => ({ default: module.TopProductsChart })))

const grid = { display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }

/** "Admin Dashboard": the server's figures from real orders (never summed here from a page of orders). */
export function Dashboard() {
  const overview = useApi(OVERVIEW_PATH, readOverview)
  const orders = useApi(ORDERS_PATH, readOrders)
  const sales = useApi(PRODUCT_SALES_PATH, readProductSales)
  const failed = [overview, orders, sales].some((state) => state.status === "error")
  return (
    <Box component="section" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Admin Dashboard
      </Typography>
      {failed ? (
        <Alert severity="error">Failed to load analytics.</Alert>
      ) : overview.status !== "ready" || orders.status !== "ready" || sales.status !== "ready" ? (
        <Typography>Loading…</Typography>
      ) : (
        <>
          <StatCards overview={overview.data} />
          <Suspense fallback={<Typography>Loading…</Typography>}>
            <Box sx={grid}>
              <SalesOverTime orders={orders.data} products={sales.data} />
              <BestSellers products={sales.data} />
              <TopProductsChart products={sales.data} />
              <LowStock items={overview.data.lowStock} />
            </Box>
          </Suspense>
        </>
      )}
    </Box>
  )
}
