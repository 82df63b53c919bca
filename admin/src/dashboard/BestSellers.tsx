import { formatPaise, type ProductSales } from "@fitshop/contracts"
import { List, ListItem, ListItemText } from "@mui/material"
import { formatCount } from "../lib/counts"
import { NoData } from "./NoData"
import { Section } from "./Section"

export const BEST_SELLERS_SHOWN = 5

/** 'Best Sellers': the first five by units, with their real units and revenue. */
export function BestSellers({ products }: { products: ProductSales[] }) {
  const shown = products.slice(0, BEST_SELLERS_SHOWN)
  return (
    <Section title="Best Sellers">
      {shown.length === 0 ? (
        <NoData />
      ) : (
        <List dense>
          {shown.map((product, index) => (
            <ListItem key={product.productId} divider>
              <ListItemText
                primary={`${String(index + 1)}. ${product.title}`}
                secondary={`${formatCount(product.units)} units · ${formatPaise(product.revenue)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  )
}
