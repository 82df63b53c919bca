import { TRACKING_STATUSES, shiprocketTime } from "./statuses.js"
import { shipmentEnds, type ReturnShipment, type Shipment } from "./store.js"
import { EMULATED_CHANNEL_ID, estimatedDelivery, pickupScheduledTime } from "./webhook.js"

/** Before an AWB an order is NEW (1), a return RETURN PENDING (21). */
function statusOf(shipment: Shipment): { id: number; title: string } {
  if (shipment.status === "NEW") return { id: 1, title: "New" }
  if (shipment.status === "RETURN PENDING") return { id: 21, title: "Return Pending" }
  return TRACKING_STATUSES[shipment.status]
}

const statusId = (shipment: Shipment) => statusOf(shipment).id
const statusTitle = (shipment: Shipment) => statusOf(shipment).title
const scanDate = (shipment: Shipment, label: string) => shipment.scans.find((scan) => scan["sr-status-label"] === label)?.date ?? null

/** `POST /v1/external/orders/create/adhoc`'s answer; `order_id` is Shiprocket's own id. */
export function createdOrder(shipment: Shipment) {
  return {
    order_id: shipment.srOrderId,
    channel_order_id: shipment.channelOrderId,
    shipment_id: shipment.shipmentId,
    status: shipment.status,
    status_code: statusId(shipment),
    onboarding_completed_now: 0,
    awb_code: shipment.awbCode,
    courier_company_id: shipment.courierCompanyId,
    courier_name: shipment.courierName,
  }
}

/** `POST /v1/external/orders/create/return`'s answer, as Shiprocket's documentation shows it. */
export function createdReturn(shipment: Shipment) {
  return {
    order_id: shipment.srOrderId,
    shipment_id: shipment.shipmentId,
    status: shipment.status,
    status_code: statusId(shipment),
    company_name: "Emulated Shop",
  }
}

/** One entry of `GET /v1/external/orders/processing/return`: the return, its products and its shipment. */
export function returnListEntry(shipment: ReturnShipment) {
  const ends = shipmentEnds(shipment)
  const { order } = shipment
  return {
    id: shipment.srOrderId,
    channel_id: EMULATED_CHANNEL_ID,
    channel_name: "CUSTOM",
    base_channel_code: "CS",
    channel_order_id: shipment.channelOrderId,
    customer_name: ends.consignee,
    customer_pincode: order.shipping_pincode,
    pickup_code: order.pickup_pincode,
    pickup_location: ends.origin,
    total: order.sub_total.toFixed(2),
    status: shipment.status,
    status_code: statusId(shipment),
    payment_method: "prepaid",
    created_at: shiprocketTime(shipment.createdAt),
    products: order.order_items.map((item) => ({ name: item.name, channel_sku: item.sku, sku: item.sku, quantity: item.units })),
    cod: 0,
    shipment_id: shipment.shipmentId,
    shipments: [{ courier: shipment.courierName ?? "", weight: String(order.weight), awb: shipment.awbCode ?? "" }],
  }
}

/** `POST /v1/external/courier/assign/awb`'s answer. */
export function assignedAwb(shipment: Shipment) {
  return {
    awb_assign_status: 1,
    response: {
      data: {
        courier_company_id: shipment.courierCompanyId,
        awb_code: shipment.awbCode,
        cod: shipment.order.payment_method === "COD" ? 1 : 0,
        order_id: shipment.srOrderId,
        shipment_id: shipment.shipmentId,
        awb_code_status: 1,
        assigned_date_time: { date: shipment.awbAssignedAt && shiprocketTime(shipment.awbAssignedAt), timezone_type: 3, timezone: "Asia/Kolkata" },
        applied_weight: shipment.order.weight,
        company_id: 1,
        courier_name: shipment.courierName,
        child_courier_name: null,
        pickup_scheduled_date: pickupScheduledTime(shipment),
        routing_code: "",
        rto_routing_code: "",
        invoice_no: `INV-${shipment.channelOrderId}`,
        transporter_id: "",
        transporter_name: "",
        shipped_by: { shipper_company_name: shipmentEnds(shipment).origin },
      },
    },
  }
}

/** `POST /v1/external/courier/generate/pickup`'s answer: when the courier comes, India time. */
export function scheduledPickup(shipment: Shipment, at = new Date()) {
  const scheduledFor = pickupScheduledTime(shipment)
  return {
    pickup_status: 1,
    response: {
      pickup_scheduled_date: scheduledFor,
      pickup_token_number: `Reference No: EMU${shipment.shipmentId}`,
      status: 3,
      others: "",
      pickup_generated_date: { date: `${shiprocketTime(at)}.000000`, timezone_type: 3, timezone: "Asia/Kolkata" },
      data: `Pickup is scheduled for ${scheduledFor}`,
    },
  }
}

/** `GET /v1/external/courier/track/awb/{awb}`'s answer; scans newest first, the tracking page on the emulator itself. */
export function tracking(shipment: Shipment, trackUrl: string) {
  const { order } = shipment
  const ends = shipmentEnds(shipment)
  const delivered = shipment.status === "DELIVERED" || shipment.status === "RETURN DELIVERED"
  return {
    tracking_data: {
      track_status: 1,
      shipment_status: statusId(shipment),
      shipment_track: [
        {
          id: shipment.shipmentId,
          awb_code: shipment.awbCode,
          courier_company_id: shipment.courierCompanyId,
          shipment_id: shipment.shipmentId,
          order_id: shipment.srOrderId,
          pickup_date: scanDate(shipment, shipment.isReturn ? "RETURN PICKED UP" : "SHIPPED"),
          delivered_date: scanDate(shipment, shipment.isReturn ? "RETURN DELIVERED" : "DELIVERED"),
          weight: String(order.weight),
          packages: 1,
          current_status: statusTitle(shipment),
          delivered_to: ends.destination,
          destination: ends.destination,
          consignee_name: ends.consignee,
          origin: ends.origin,
          courier_agent_details: null,
          courier_name: shipment.courierName,
          edd: null,
          pod: delivered ? "Available" : "Not Available",
          pod_status: delivered ? "OTP Based Delivery" : "",
        },
      ],
      shipment_track_activities: [...shipment.scans].reverse(),
      track_url: trackUrl,
      etd: estimatedDelivery(shipment),
      qc_response: { qc_image: "", qc_failed_reason: "" },
    },
  }
}

/** What Shiprocket answers for an AWB it has no scans for. */
export const noTracking = {
  tracking_data: { track_status: 0, error: "Aahh! There is no activities found in our DB. Please have some patience it will be updated soon." },
}
