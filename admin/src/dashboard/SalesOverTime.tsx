import type { AdminOrder, ProductSales } from "@fitshop/contracts"
import { TextField, ToggleButton, ToggleButtonGroup } from "@mui/material"
import { useState } from "react"
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"
import { dayPoints, orderPoints, type SalesPoint } from "./chart-data"
import { NoData } from "./NoData"
import { Section } from "./Section"
import { useDailySales } from "./use-analytics"

type View = "order" | "day"

function SalesLine({ points }: { points: SalesPoint[] }) {
  if (points.length === 0) return <NoData />
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={points} margin={{ left: 8, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" />
        <YAxis />
        <Tooltip />
        <Line type="monotone" dataKey="revenue" name="Revenue (₹)" stroke="#1976d2" dot={false} />
      </LineChart>
    </ResponsiveContainer>
  )
}

/** The per-day view reads the server's daily series (days in India time): the whole shop's, or one product's when one is chosen. */
function DailySales({ productId }: { productId: string }) {
  const series = useDailySales(productId)
  if (series.isPending) return <p>Loading…</p>
  if (series.isError) return <p>Failed to load analytics.</p>
  // The server answers every day, zeros included: a span without a sale has nothing to draw.
  if (series.data.days.every((day) => day.revenue === 0)) return <NoData />
  return <SalesLine points={dayPoints(series.data)} />
}

const ALL_PRODUCTS = ""

/** 'Sales Over Time': one point per order as the spec draws it, or per day for the whole shop or one best-selling product. */
export function SalesOverTime({ orders, products }: { orders: AdminOrder[]; products: ProductSales[] }) {
  const [view, setView] = useState<View>("order")
  const [productId, setProductId] = useState(ALL_PRODUCTS)
  const toggle = (
    <ToggleButtonGroup exclusive size="small" value={view} aria-label="Sales view" onChange={(_event, value: View | null) => value && setView(value)}>
      <ToggleButton value="order">Per order</ToggleButton>
      <ToggleButton value="day">Per day</ToggleButton>
    </ToggleButtonGroup>
  )
  return (
    <Section title="Sales Over Time" action={toggle}>
      {view === "order" && <SalesLine points={orderPoints(orders)} />}
      {view === "day" && (
        <>
          <TextField
            select
            size="small"
            label="Product"
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
            slotProps={{ select: { native: true } }}
            sx={{ my: 1, minWidth: 240 }}
          >
            <option value={ALL_PRODUCTS}>All products</option>
            {products.map((product) => (
              <option key={product.productId} value={product.productId}>
                {product.title}
              </option>
            ))}
          </TextField>
          <DailySales productId={productId} />
        </>
      )}
    </Section>
  )
}
