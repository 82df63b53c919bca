import { Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material"
import { formatCount } from "../lib/counts"
import { NoData } from "./NoData"
import { Section } from "./Section"
import { useFitReturnRates } from "./use-analytics"

const percent = new Intl.NumberFormat("en-IN", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 })

/**
 * 'Fit returns': each product's units delivered in the last 90 days and how many came back or were exchanged as too
 * small or too big, highest rate first (as the server sends them). It loads on its own: a failure here leaves the rest.
 */
export function FitReturns() {
  const rates = useFitReturnRates()
  return (
    <Section title="Fit returns">
      {rates.isPending ? (
        <p>Loading…</p>
      ) : rates.isError ? (
        <p>Failed to load analytics.</p>
      ) : rates.data.length === 0 ? (
        <NoData />
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Product</TableCell>
              <TableCell align="right">Delivered</TableCell>
              <TableCell align="right">Too small</TableCell>
              <TableCell align="right">Too big</TableCell>
              <TableCell align="right">Rate</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rates.data.map((product) => (
              <TableRow key={product.productId}>
                <TableCell>{product.title}</TableCell>
                <TableCell align="right">{formatCount(product.unitsDelivered)}</TableCell>
                <TableCell align="right">{formatCount(product.tooSmall)}</TableCell>
                <TableCell align="right">{formatCount(product.tooBig)}</TableCell>
                <TableCell align="right">{percent.format(product.rate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  )
}
