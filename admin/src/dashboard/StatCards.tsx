import { formatPaise, type AnalyticsOverview } from "@fitshop/contracts"
import { Card, CardContent, Typography } from "@mui/material"
import { formatCount } from "../lib/counts"

const percent = new Intl.NumberFormat("en-IN", { style: "percent", maximumFractionDigits: 1 })

/** The spec's three cards, then the extra figures: average order, cash on delivery, FITFEED revenue, Dark Coins. */
export function StatCards({ overview }: { overview: AnalyticsOverview }) {
  const figures = [
    { label: "Total Products", value: formatCount(overview.products.total) },
    { label: "Total Orders", value: formatCount(overview.orders) },
    { label: "Total Revenue", value: formatPaise(overview.revenue) },
    { label: "Average Order Value", value: formatPaise(overview.averageOrderValue) },
    { label: "Cash on Delivery Share", value: percent.format(overview.cashOnDeliveryShare) },
    { label: "Revenue through FITFEED", value: formatPaise(overview.fitfeedRevenue) },
    { label: "Dark Coins Outstanding", value: formatCount(overview.darkCoinsOutstanding) },
  ]
  return (
    <ul aria-label="Figures" style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))", gap: 16, listStyle: "none", padding: 0 }}>
      {figures.map((figure) => (
        <li key={figure.label}>
          <Card variant="outlined" sx={{ height: "100%" }}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {figure.label}
              </Typography>
              <Typography variant="h5" component="p">
                {figure.value}
              </Typography>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  )
}
