import { Alert, Box, Typography } from "@mui/material"
import { chunkReload } from "@fitshop/web-client"
import { lazy, Suspense } from "react"
import { BestSellers } from "./BestSellers"
import { FitReturns } from "./FitReturns"
import { LowStock } from "./LowStock"
import { StatCards } from "./StatCards"
import { useAnalyticsOverview, useProductSales, useRecentOrders } from "./use-analytics"

// The charts (recharts) load in their own chunk, so the rest of the console does not wait for them.
const SalesOverTime = lazy(() => chunkReload.load(() => import("./SalesOverTime").then((module) => ({ default: module.SalesOverTime }))))
const TopProductsChart = lazy(() => chunkReload.load(() => import("./TopProductsChart").then((module) => ({ default: module.TopProductsChart }))))

const grid = { display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }

/** "Admin Dashboard": the server's figures from real orders (never summed here from a page of orders). */
export function Dashboard() {
  const overview = useAnalyticsOverview()
  const orders = useRecentOrders()
  const sales = useProductSales()
  const failed = [overview, orders, sales].some((state) => state.isError)
  return (
    <Box component="section" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Admin Dashboard
      </Typography>
      {failed ? (
        <Alert severity="error">Failed to load analytics.</Alert>
      ) : !overview.data || !orders.data || !sales.data ? (
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
              <FitReturns />
            </Box>
          </Suspense>
        </>
      )}
    </Box>
  )
}
