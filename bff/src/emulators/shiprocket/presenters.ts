import { SHIPMENT_STATUSES, shiprocketTime } from "./statuses.js"
import type { Shipment } from "./store.js"
import { estimatedDelivery } from "./webhook.js"

const statusId = (shipment: Shipment) => (shipment.status === "NEW" ? 1 : SHIPMENT_STATUSES[shipment.status].id)
const statusTitle = (shipment: Shipment) => (shipment.status === "NEW" ? "New" : SHIPMENT_STATUSES[shipment.status].title)
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
        pickup_scheduled_date: shipment.awbAssignedAt && shiprocketTime(shipment.awbAssignedAt),
        routing_code: "",
        rto_routing_code: "",
        invoice_no: `INV-${shipment.channelOrderId}`,
        transporter_id: "",
        transporter_name: "",
        shipped_by: { shipper_company_name: shipment.order.pickup_location },
      },
    },
  }
}

/** `GET /v1/external/courier/track/awb/{awb}`'s answer; scans newest first, the tracking page on the emulator itself. */
export function tracking(shipment: Shipment, trackUrl: string) {
  const { order } = shipment
  const city = order.shipping_is_billing ? order.billing_city : (order.shipping_city ?? order.billing_city)
  const delivered = shipment.status === "DELIVERED"
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
          pickup_date: scanDate(shipment, "SHIPPED"),
          delivered_date: scanDate(shipment, "DELIVERED"),
          weight: String(order.weight),
          packages: 1,
          current_status: statusTitle(shipment),
          delivered_to: city,
          destination: city,
          consignee_name: order.shipping_is_billing ? order.billing_customer_name : (order.shipping_customer_name ?? ""),
          origin: order.pickup_location,
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
