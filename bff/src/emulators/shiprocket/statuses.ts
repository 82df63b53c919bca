/** The shipment statuses the emulator moves through, with Shiprocket's status ids and a courier scan for each. */
export const SHIPMENT_STATUSES = {
  "AWB ASSIGNED": { id: 1, title: "AWB Assigned", code: "AWB", activity: "AWB assigned, shipment manifested", at: "origin" },
  "PICKUP SCHEDULED": { id: 3, title: "Pickup Scheduled", code: "PKS", activity: "Pickup scheduled with the courier", at: "origin" },
  SHIPPED: { id: 6, title: "Shipped", code: "PKD", activity: "Picked Shipment InScan from Manifest", at: "origin" },
  "OUT FOR DELIVERY": { id: 17, title: "Out For Delivery", code: "OFD", activity: "Out for Delivery", at: "destination" },
  DELIVERED: { id: 7, title: "Delivered", code: "DLVD", activity: "Delivered", at: "destination" },
} as const

export type ShipmentStatus = keyof typeof SHIPMENT_STATUSES

/** What a test may move a shipment to. */
export const MOVABLE_STATUSES = ["PICKUP SCHEDULED", "SHIPPED", "OUT FOR DELIVERY", "DELIVERED"] as const satisfies readonly ShipmentStatus[]

/** Before a courier is assigned an order is NEW; after that a shipment only moves forward. */
export const STATUS_ORDER = ["NEW", "AWB ASSIGNED", "PICKUP SCHEDULED", "SHIPPED", "OUT FOR DELIVERY", "DELIVERED"] as const

/** Shiprocket's clock: India time, `yyyy-mm-dd hh:mm:ss`. */
export function shiprocketTime(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace("T", " ")
}

/** The webhook's `current_timestamp` format: `dd mm yyyy hh:mm:ss`. */
export function webhookTimestamp(at: Date): string {
  const [date = "", time = ""] = shiprocketTime(at).split(" ")
  const [year, month, day] = date.split("-")
  return `${day} ${month} ${year} ${time}`
}
