import { RETURN_STATUSES, formatPaise, type AdminReturn, type ReturnStatus } from "@fitshop/contracts"
import { Chip, Link, Typography, type ChipProps } from "@mui/material"
import { DataTable, DateField, List, SelectInput } from "react-admin"

const STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  pickup_scheduled: "Pickup scheduled",
  picked_up: "Picked up",
  received: "Received",
  refunded: "Refunded",
  exchanged: "Exchanged",
  cancelled: "Cancelled",
}

const STATUS_COLORS: Record<ReturnStatus, ChipProps["color"]> = {
  requested: "warning",
  pickup_scheduled: "info",
  picked_up: "info",
  received: "primary",
  refunded: "success",
  exchanged: "success",
  cancelled: "default",
}

const statusChoices = RETURN_STATUSES.map((status) => ({ id: status, name: STATUS_LABELS[status] }))

const returnFilters = [<SelectInput key="status" source="status" label="Status" choices={statusChoices} alwaysOn />]

/** A pickup day (yyyy-mm-dd) as the same calendar day wherever the console runs. */
const pickupDay = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })

const NoReturns = () => <Typography sx={{ p: 2 }}>No returns.</Typography>

const order = (ask: AdminReturn) => (ask.orderDisplayId === null ? ask.orderId : `#${String(ask.orderDisplayId)}`)

const kind = (ask: AdminReturn) => (ask.kind === "exchange" ? "Exchange" : "Return")

const items = (ask: AdminReturn) =>
  ask.lines.map((line, index) => (
    <div key={index}>
      {[line.title, line.size].filter(Boolean).join(" ")} × {line.quantity}
      {line.exchangeSize && ` → ${line.exchangeSize}`}
    </div>
  ))

const reasons = (ask: AdminReturn) =>
  ask.lines.map((line, index) => (
    <div key={index}>
      {line.reason}
      {line.note && ` — ${line.note}`}
    </div>
  ))

/** Money back to the payment and coins credited; an exchange gives neither. */
function refund({ refund: { toPayment, coins } }: AdminReturn) {
  const parts = [toPayment > 0 && formatPaise(toPayment), coins > 0 && `+${String(coins)} coins`].filter(Boolean)
  return parts.length > 0 ? parts.join(" ") : "—"
}

/** The status, and a warning when the pickup has waited longer than it should (follow it up with the courier). */
const status = (ask: AdminReturn) => (
  <>
    <Chip size="small" label={STATUS_LABELS[ask.status]} color={STATUS_COLORS[ask.status]} />
    {ask.pickupStuckAt && <Chip size="small" label="Pickup stuck" color="error" variant="outlined" sx={{ ml: 0.5 }} />}
  </>
)

function pickup(ask: AdminReturn) {
  if (!ask.pickupDate) return "—"
  const day = pickupDay.format(new Date(`${ask.pickupDate}T00:00:00Z`))
  if (!ask.trackingUrl) return day
  return (
    <Link href={ask.trackingUrl} target="_blank" rel="noreferrer">
      {day}
    </Link>
  )
}

/** "Returns": every return and size exchange shoppers asked, newest first, narrowed by status; read-only. */
export function ReturnsList() {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Returns
      </Typography>
      <List resource="returns" title="Returns" filters={returnFilters} empty={<NoReturns />} exporter={false} sort={{ field: "requestedAt", order: "DESC" }}>
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoReturns />}>
          <DataTable.Col source="requestedAt" label="Requested" disableSort>
            <DateField source="requestedAt" locales="en-IN" />
          </DataTable.Col>
          <DataTable.Col label="Order" render={order} />
          <DataTable.Col source="customerEmail" label="Customer" disableSort />
          <DataTable.Col label="Kind" render={kind} />
          <DataTable.Col label="Items" render={items} />
          <DataTable.Col label="Reason" render={reasons} />
          <DataTable.Col label="Refund" render={refund} />
          <DataTable.Col label="Status" render={status} />
          <DataTable.Col label="Pickup" render={pickup} />
        </DataTable>
      </List>
    </>
  )
}
