import { createHash } from "node:crypto"
import { escapeHtml } from "../../../bff/src/lib/html.js"
import { TRACKING_STATUSES } from "./statuses.js"
import type { AssignedShipment } from "./store.js"

const STYLE = "body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}li{margin:.5rem 0}time,span{color:#666}"

/** The page's own policy: nothing loads, its one inline style is allowed by its hash. */
export const TRACKING_PAGE_POLICY = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; base-uri 'none'; frame-ancestors 'none'`

/** The shopper's tracking page for an emulated shipment: status and scans, newest first, and nothing fetched from elsewhere. */
export function trackingPage(shipment: AssignedShipment): string {
  const { title } = TRACKING_STATUSES[shipment.status]
  const scans = [...shipment.scans]
    .reverse()
    .map(
      (scan) =>
        `<li><time>${escapeHtml(scan.date)}</time> <strong>${escapeHtml(scan["sr-status-label"])}</strong> ${escapeHtml(scan.activity)} <span>${escapeHtml(scan.location)}</span></li>`,
    )
    .join("\n      ")
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Tracking ${escapeHtml(shipment.awbCode)}</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <h1>${shipment.isReturn ? "Return shipment" : "Shipment"} ${escapeHtml(shipment.awbCode)}</h1>
    <p>Status: <strong data-status="${escapeHtml(shipment.status)}">${escapeHtml(title)}</strong> · ${escapeHtml(shipment.courierName ?? "")} (Shiprocket emulator)</p>
    <ol reversed>
      ${scans}
    </ol>
  </body>
</html>
`
}
