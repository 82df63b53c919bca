import type { ProductSales } from "@fitshop/contracts"
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts"
import { topProducts } from "./chart-data"
import { NoData } from "./NoData"
import { Section } from "./Section"

/** 'Top 10 Products (Units Sold)' as a horizontal bar chart. */
export function TopProductsChart({ products }: { products: ProductSales[] }) {
  const data = topProducts(products)
  return (
    <Section title="Top 10 Products (Units Sold)">
      {data.length === 0 ? (
        <NoData />
      ) : (
        <ResponsiveContainer width="100%" height={Math.max(200, data.length * 36)}>
          <BarChart data={data} layout="vertical" margin={{ left: 24, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="title" width={160} />
            <Tooltip />
            <Bar dataKey="units" name="Units sold" fill="#1976d2" />
          </BarChart>
        </ResponsiveContainer>
      )}
    </Section>
  )
}
