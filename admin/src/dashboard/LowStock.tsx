import type { AnalyticsOverview } from "@fitshop/contracts"
import { List, ListItem, ListItemText } from "@mui/material"
import { formatCount } from "../lib/counts"
import { NoData } from "./NoData"
import { Section } from "./Section"

/** Sizes at or below the low-stock line, fewest first (as the server sends them). */
export function LowStock({ items }: { items: AnalyticsOverview["lowStock"] }) {
  return (
    <Section title="Low Stock">
      {items.length === 0 ? (
        <NoData />
      ) : (
        <List dense>
          {items.map((item) => (
            <ListItem key={`${item.productId}-${item.size}`} divider>
              <ListItemText primary={`${item.title} — ${item.size}`} secondary={`${formatCount(item.stock)} left`} />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  )
}
