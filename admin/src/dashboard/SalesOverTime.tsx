import { TextField, ToggleButton, ToggleButtonGroup } from "@mui/material"
import { useState } from "react"
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"
import { useApi } from "../lib/use-api"
import { readSeries, seriesPath, type OrderPoint, type ProductSales } from "./analytics-api"
import { dayPoints, orderPoints, type SalesPoint } from "./chart-data"
import { NoData } from "./NoData"
import { Section } from "./Section"

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

/** The per-day view reads one product's daily series from the server (days in India time). */
function DailySales({ productId }: { productId: string }) {
  const series = useApi(seriesPath(productId), readSeries)
  if (series.status === "loading") return <p>Loading…</p>
  if (series.status === "error") return <p>Failed to load analytics.</p>
  return <SalesLine points={dayPoints(series.data)} />
}

/** 'Sales Over Time': one point per order as the spec draws it, or per day for a best-selling product. */
export function SalesOverTime({ orders, products }: { orders: OrderPoint[]; products: ProductSales[] }) {
  const [view, setView] = useState<View>("order")
  const [chosen, setChosen] = useState("")
  const productId = chosen || products[0]?.productId || ""
  const toggle = (
    <ToggleButtonGroup exclusive size="small" value={view} aria-label="Sales view" onChange={(_event, value: View | null) => value && setView(value)}>
      <ToggleButton value="order">Per order</ToggleButton>
      <ToggleButton value="day">Per day</ToggleButton>
    </ToggleButtonGroup>
  )
  return (
    <Section title="Sales Over Time" action={toggle}>
      {view === "order" && <SalesLine points={orderPoints(orders)} />}
      {view === "day" &&
        (productId ? (
          <>
            <TextField
              select
              size="small"
              label="Product"
              value={productId}
              onChange={(event) => setChosen(event.target.value)}
              slotProps={{ select: { native: true } }}
              sx={{ my: 1, minWidth: 240 }}
            >
              {products.map((product) => (
                <option key={product.productId} value={product.productId}>
                  {product.title}
                </option>
              ))}
            </TextField>
            <DailySales productId={productId} />
          </>
        ) : (
          <NoData />
        ))}
    </Section>
  )
}
