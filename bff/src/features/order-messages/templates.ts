import { formatPaise } from "@fitshop/contracts"
import { escapeHtml } from "../../lib/html.js"
import type { CheckoutLine, OrderRecord } from "../orders/index.js"

export const ORDER_MESSAGE_EVENTS = ["placed", "shipped", "delivered", "cancelled", "refunded"] as const
export type OrderMessageEvent = (typeof ORDER_MESSAGE_EVENTS)[number]

/** What a message needs beyond the order row; every URL absolute. */
export type OrderMessageFacts = {
  order: OrderRecord
  /** The shopper's first name or name for the greeting (null: "Hi,"). */
  name: string | null
  links: {
    /** The shop's origin; the account's orders page is `${siteUrl}/account?tab=orders`. */
    siteUrl: string
    /** GET /api/orders/{id}/invoice absolute URL, once an invoice exists (delivered message). */
    invoice: string | null
  }
  /** yyyy-mm-dd India calendar day promised at checkout, or null when unknown. */
  estimatedDelivery: string | null
  /** cancelled / refunded: what goes back. payment: paise refunded to the original payment method (0 for an unpaid cash-on-delivery order); coins: Dark Coins returned to the wallet (10 coins = ₹1). */
  refund: { payment: number; coins: number } | null
  /** cancelled: why the shop cancelled it itself (null when ops or the courier ended it). */
  reason?: string | null
}

export type OrderMessage = { subject: string; text: string; html: string }

/** The e-mail for one step of an order's life, its plain-text and HTML parts drawn from the same blocks (so both say the same). */
export function orderMessage(event: OrderMessageEvent, facts: OrderMessageFacts): OrderMessage {
  const site = facts.links.siteUrl.replace(/\/+$/, "")
  return composeMessage(`Order ${orderNumber(facts.order)} ${SUBJECT_VERBS[event]}`, facts.name, site, BODIES[event](facts, site))
}

/** A message in the shop's style: the subject as its heading, the greeting, the body, a link to the shopper's orders. */
export function composeMessage(subject: string, name: string | null, site: string, body: Block[]): OrderMessage {
  const blocks: Block[] = [
    { kind: "heading", text: subject },
    { kind: "paragraph", text: greeting(name) },
    ...body,
    { kind: "link", text: "See your orders", href: `${site}/account?tab=orders`, button: false },
    { kind: "paragraph", text: "— Build Your Fit" },
  ]
  return { subject, text: blocks.map(textOf).join("\n\n") + "\n", html: htmlDocument(subject, blocks) }
}

const SUBJECT_VERBS: Record<OrderMessageEvent, string> = {
  placed: "confirmed",
  shipped: "shipped",
  delivered: "delivered",
  cancelled: "cancelled",
  refunded: "refunded",
}

const BODIES: Record<OrderMessageEvent, (facts: OrderMessageFacts, site: string) => Block[]> = {
  placed: ({ order, estimatedDelivery }) => [
    { kind: "paragraph", text: "Thanks for your order! We've received it and are getting it ready." },
    { kind: "amounts", items: order.items.map(itemRow), summary: summaryRows(order) },
    { kind: "facts", rows: [["Payment", paymentMode(order)]] },
    { kind: "lines", title: "Shipping to", lines: addressLines(order) },
    { kind: "paragraph", text: deliveryPromise(estimatedDelivery) ?? "We'll e-mail you when it ships." },
  ],
  shipped: ({ order, estimatedDelivery }) => {
    const promise = deliveryPromise(estimatedDelivery)
    const rows: [string, string][] = []
    if (order.shippingProvider) rows.push(["Courier", order.shippingProvider])
    if (order.trackingId) rows.push(["AWB", order.trackingId])
    return [
      { kind: "paragraph", text: promise ? `Your order is on its way. ${promise}.` : "Your order is on its way." },
      ...(rows.length > 0 ? [{ kind: "facts", rows } as const] : []),
      ...(order.trackingUrl ? [{ kind: "link", text: "Track your parcel", href: order.trackingUrl, button: true } as const] : []),
    ]
  },
  delivered: ({ order, links }, site) => [
    { kind: "paragraph", text: "Your order has been delivered. We hope you love it." },
    ...(links.invoice
      ? [
          { kind: "paragraph", text: "Your invoice is ready to download." } as const,
          { kind: "link", text: "Download your invoice", href: links.invoice, button: true } as const,
        ]
      : []),
    { kind: "paragraph", text: "Styled it already? Post your fit on FITFEED and show everyone how you wear it:" },
    {
      kind: "links",
      links: distinctProducts(order.items).map((line) => ({
        text: line.title,
        href: `${site}/fitfeed?intent=create&product=${encodeURIComponent(line.productId)}`,
      })),
    },
  ],
  cancelled: ({ order, refund, reason }) => [
    { kind: "paragraph", text: `Your order ${orderNumber(order)} has been cancelled.` },
    ...(reason ? [{ kind: "paragraph", text: reason } as const] : []),
    ...cancellationRefund(order, refund).map((text) => ({ kind: "paragraph", text }) as const),
  ],
  refunded: ({ refund }) => refundedSentences(refund).map((text) => ({ kind: "paragraph", text }) as const),
}

/** The order's number as the shopper knows it: the shop's number (Medusa's display id before the shop numbered its own), else the order id. */
export const orderNumber = (order: Pick<OrderRecord, "displayId" | "id">) => `#${order.displayId ?? order.id}`

const greeting = (name: string | null) => (name?.trim() ? `Hi ${name.trim()},` : "Hi,")

function itemRow(line: CheckoutLine): AmountRow {
  const detail = [line.size ? `Size ${line.size}` : null, `Qty ${line.quantity}`].filter((part) => part !== null).join(" · ")
  return { label: line.title, detail, amount: formatPaise(line.unitPrice * line.quantity) }
}

/** Subtotal, Dark Coins Discount and COD Fee (each only when above 0), Total: as the bag and checkout show them. */
function summaryRows(order: OrderRecord): AmountRow[] {
  return [
    { label: "Subtotal", amount: formatPaise(order.subtotal) },
    ...(order.discount > 0 ? [{ label: "Dark Coins Discount", amount: formatPaise(-order.discount) }] : []),
    ...(order.codFee > 0 ? [{ label: "COD Fee", amount: `+${formatPaise(order.codFee)}` }] : []),
    { label: "Total", amount: formatPaise(order.total), strong: true },
  ]
}

const paymentMode = (order: OrderRecord) =>
  order.paymentMethod === "cod" ? `Cash on delivery — pay ${formatPaise(order.total)} at your doorstep` : "Paid online (UPI / Card / Netbanking)"

export function addressLines({ shippingAddress: address }: Pick<OrderRecord, "shippingAddress">): string[] {
  return [
    address.fullName,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.state} ${address.postalCode}`,
    `Phone: ${address.phone}`,
  ]
}

const DELIVERY_DAY = new Intl.DateTimeFormat("en-IN", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" })

/** "Tuesday, 1 December" for an India calendar day (yyyy-mm-dd); null when unknown or unreadable. */
export function spelledDay(day: string | null): string | null {
  const date = day ? new Date(`${day}T00:00:00Z`) : null
  return date && !Number.isNaN(date.getTime()) ? DELIVERY_DAY.format(date) : null
}

/** "Delivery by Tuesday, 1 December" for an India calendar day (the storefront's wording, spelt out); null when unknown or unreadable. */
function deliveryPromise(day: string | null): string | null {
  const spelled = spelledDay(day)
  return spelled ? `Delivery by ${spelled}` : null
}

/** One line per product, however many sizes of it were bought. */
const distinctProducts = (items: CheckoutLine[]) => items.filter((line, index) => items.findIndex((other) => other.productId === line.productId) === index)

export const REFUND_DELAY = "within 5–7 working days"
const coinCount = new Intl.NumberFormat("en-IN")

/** A count of Dark Coins as messages write it: Indian digit grouping (12,990). */
export const formatCoins = (coins: number) => coinCount.format(coins)

export function coinsBack(coins: number): string {
  return coins === 1 ? "1 Dark Coin is back in your wallet." : `${formatCoins(coins)} Dark Coins are back in your wallet.`
}

/** What a cancellation gives back; nothing said when the caller doesn't know (refund null) or a prepaid order returns nothing. */
function cancellationRefund(order: OrderRecord, refund: OrderMessageFacts["refund"]): string[] {
  if (!refund) return []
  const sentences = [
    ...(refund.payment > 0 ? [`${formatPaise(refund.payment)} will be refunded to your original payment method ${REFUND_DELAY}.`] : []),
    ...(refund.coins > 0 ? [coinsBack(refund.coins)] : []),
  ]
  if (sentences.length === 0 && order.paymentMethod === "cod") return ["Nothing was charged, so there is nothing to refund."]
  return sentences
}

function refundedSentences(refund: OrderMessageFacts["refund"]): string[] {
  const bankNote = `Banks take 5–7 working days to show it on your statement.`
  const unknown = `We've refunded your payment to your original payment method. ${bankNote}`
  if (!refund) return [unknown]
  const sentences = [
    ...(refund.payment > 0 ? [`We've refunded ${formatPaise(refund.payment)} to your original payment method. ${bankNote}`] : []),
    ...(refund.coins > 0 ? [coinsBack(refund.coins)] : []),
  ]
  return sentences.length > 0 ? sentences : [unknown]
}

// The blocks a message is written in, and their two drawings.

export type AmountRow = { label: string; detail?: string; amount: string; strong?: boolean }

export type Block =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  /** A titled run of lines, as an address. */
  | { kind: "lines"; title: string; lines: string[] }
  /** Label and value pairs: "Courier: Delhivery". */
  | { kind: "facts"; rows: [string, string][] }
  /** The bought lines, a rule, then the summary (the last strong row is the total). */
  | { kind: "amounts"; items: AmountRow[]; summary: AmountRow[] }
  | { kind: "link"; text: string; href: string; button: boolean }
  | { kind: "links"; links: { text: string; href: string }[] }

/** The widest label the text part pads to; a longer one just pushes its amount right. */
const TEXT_LABEL_WIDTH = 44

function textOf(block: Block): string {
  switch (block.kind) {
    case "heading":
    case "paragraph":
      return block.text
    case "lines":
      return [`${block.title}:`, ...block.lines].join("\n")
    case "facts": {
      const width = Math.max(...block.rows.map(([label]) => label.length)) + 2
      return block.rows.map(([label, value]) => `${label}:`.padEnd(width) + value).join("\n")
    }
    case "amounts": {
      const rows = [...block.items, ...block.summary].map((row) => ({ label: row.detail ? `${row.label} — ${row.detail}` : row.label, amount: row.amount }))
      const labelWidth = Math.min(TEXT_LABEL_WIDTH, Math.max(...rows.map((row) => row.label.length)))
      const amountWidth = Math.max(...rows.map((row) => row.amount.length))
      const draw = (row: { label: string; amount: string }) => `${row.label.padEnd(labelWidth)}  ${row.amount.padStart(amountWidth)}`
      const items = rows.slice(0, block.items.length).map(draw)
      const summary = rows.slice(block.items.length).map(draw)
      return [...items, "-".repeat(labelWidth + 2 + amountWidth), ...summary].join("\n")
    }
    case "link":
      return `${block.text}:\n${block.href}`
    case "links":
      return block.links.map((link) => `- ${link.text}\n  ${link.href}`).join("\n")
  }
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
const GAP = "margin:0 0 16px"
const MUTED = "#666666"

/** An anchor, or the text and address shown plainly when the address isn't http(s) (no javascript: in a mail). */
function anchor(text: string, href: string, style: string): string {
  if (!/^https?:\/\//i.test(href)) return `${escapeHtml(text)}: ${escapeHtml(href)}`
  return `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(text)}</a>`
}

function amountRowHtml(row: AmountRow, ruled: boolean): string {
  const border = ruled ? "border-top:1px solid #dddddd;" : ""
  const weight = row.strong ? "font-weight:700;font-size:16px;" : ""
  const detail = row.detail ? `<br><span style="color:${MUTED};font-size:13px">${escapeHtml(row.detail)}</span>` : ""
  return (
    `<tr><td style="${border}${weight}padding:8px 12px 8px 0;vertical-align:top">${escapeHtml(row.label)}${detail}</td>` +
    `<td align="right" style="${border}${weight}padding:8px 0;vertical-align:top;white-space:nowrap">${escapeHtml(row.amount)}</td></tr>`
  )
}

function htmlOf(block: Block): string {
  switch (block.kind) {
    case "heading":
      return `<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;font-weight:700">${escapeHtml(block.text)}</h1>`
    case "paragraph":
      return `<p style="${GAP}">${escapeHtml(block.text)}</p>`
    case "lines":
      return `<p style="${GAP}"><strong>${escapeHtml(block.title)}</strong><br>${block.lines.map(escapeHtml).join("<br>")}</p>`
    case "facts":
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="${GAP}">` +
        block.rows
          .map(
            ([label, value]) =>
              `<tr><td style="padding:2px 16px 2px 0;color:${MUTED};vertical-align:top">${escapeHtml(label)}</td><td style="padding:2px 0;font-weight:700">${escapeHtml(value)}</td></tr>`,
          )
          .join("") +
        `</table>`
      )
    case "amounts":
      return (
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="${GAP};border-collapse:collapse">` +
        block.items.map((row, index) => amountRowHtml(row, index > 0)).join("") +
        block.summary.map((row, index) => amountRowHtml(row, index === 0 || Boolean(row.strong))).join("") +
        `</table>`
      )
    case "link":
      return block.button
        ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="${GAP}"><tr><td style="background:#000000;border-radius:4px;padding:12px 20px">${anchor(block.text, block.href, "color:#ffffff;text-decoration:none;font-weight:700")}</td></tr></table>`
        : `<p style="${GAP}">${anchor(block.text, block.href, "color:#000000;font-weight:700;text-decoration:underline")}</p>`
    case "links":
      return `<ul style="${GAP};padding-left:20px">${block.links.map((link) => `<li style="margin:0 0 6px">${anchor(link.text, link.href, "color:#000000;font-weight:700;text-decoration:underline")}</li>`).join("")}</ul>`
  }
}

/** A table layout with inline styles only (what mail clients draw alike): a black bar, then the blocks in a 600px column (Outlook reads the width attribute, others the style). */
function htmlDocument(title: string, blocks: Block[]): string {
  return [
    `<!DOCTYPE html>`,
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f2f2f2">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f2f2f2"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;font-family:${FONT};color:#111111">`,
    `<tr><td style="background:#000000;color:#ffffff;padding:18px 24px;font-family:${FONT};font-size:18px;font-weight:800;letter-spacing:3px">BUILD YOUR FIT</td></tr>`,
    `<tr><td style="padding:28px 24px 12px;font-family:${FONT};font-size:15px;line-height:1.5">`,
    ...blocks.map(htmlOf),
    `</td></tr>`,
    `</table>`,
    `</td></tr></table>`,
    `</body></html>`,
  ].join("\n")
}
