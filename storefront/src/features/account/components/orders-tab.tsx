import { Link } from "react-router-dom"
import { LoadingLine, ReadError } from "@/components/ui/read-status"
import { paths } from "@/config/paths"
import { useMyOrders } from "@/lib/api/get-my-orders"
import { OrderCard } from "./order-card"

/** The account's Orders tab: the shopper's orders, newest first as the server sends them. */
export function OrdersTab() {
  const orders = useMyOrders()

  if (orders.isPending) {
    return <LoadingLine>Loading orders…</LoadingLine>
  }
  if (orders.isError) {
    return <ReadError error={orders.error} fallback="Failed to load orders" />
  }
  if (orders.data.orders.length === 0) {
    return (
      <div className="empty-state">
        <p>No orders yet.</p>
        <Link to={paths.shop} className="button">
          Shop now
        </Link>
      </div>
    )
  }
  return (
    <ul className="order-list" aria-label="Your orders">
      {orders.data.orders.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </ul>
  )
}
