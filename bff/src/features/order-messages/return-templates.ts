import { formatPaise } from "@fitshop/contracts"
import type { ReturnEvent } from "../../lib/order-events.js"
import type { OrderRecord } from "../orders/index.js"
import type { ReturnRecord } from "../returns/index.js"
import { addressLines, coinsBack, composeMessage, formatCoins, orderNumber, REFUND_DELAY, spelledDay, type Block, type OrderMessage } from "./templates.js"

export type ReturnMessageFacts = {
  ask: ReturnRecord
  order: Pick<OrderRecord, "id" | "displayId" | "paymentMethod" | "codFee">
  name: string | null
  /** The shop's origin. */
  siteUrl: string
}

/** The e-mail for one step of a return or exchange: asked, its pickup booked, its refund issued, the new size shipped. */
export function returnMessage(event: ReturnEvent, facts: ReturnMessageFacts): OrderMessage {
  const site = facts.siteUrl.replace(/\/+$/, "")
  return composeMessage(subjectOf(event, facts), facts.name, site, BODIES[event](facts))
}

const noun = (ask: ReturnRecord) => (ask.kind === "exchange" ? "exchange" : "return")

function subjectOf(event: ReturnEvent, { ask, order }: ReturnMessageFacts): string {
  const number = orderNumber(order)
  switch (event) {
    case "return_requested":
      return `${ask.kind === "exchange" ? "Exchange" : "Return"} requested for order ${number}`
    case "return_pickup":
      return `Pickup booked for your ${noun(ask)} (order ${number})`
    case "return_cancelled":
      return `Pickup cancelled: your ${noun(ask)} for order ${number} is closed`
    case "return_refunded":
      return `Refund issued for your return (order ${number})`
    case "exchange_shipped":
      return `Your exchange for order ${number} has shipped`
  }
}

/** "Static Shift Hoodie — Size M · Qty 1 · Size too big", and the size it becomes for an exchange. */
function lineOf(line: ReturnRecord["lines"][number]): string {
  const parts = [line.size ? `Size ${line.size}` : null, `Qty ${line.quantity}`, line.reason, line.exchangeSize ? `for size ${line.exchangeSize}` : null]
  return `${line.title} — ${parts.filter((part) => part !== null).join(" · ")}`
}

/** What the shopper will get, as the return form said it: on receipt, money to the payment, coins to the wallet. */
function promised({ ask, order }: ReturnMessageFacts): string[] {
  if (ask.kind === "exchange") {
    const sizes = [...new Set(ask.lines.map((line) => line.exchangeSize))].join(", ")
    return [`No charge: we'll ship size ${sizes} when the courier picks up your return.`]
  }
  const sentences: string[] = []
  if (ask.refund.toPayment > 0) sentences.push(`${formatPaise(ask.refund.toPayment)} will be refunded to your original payment method once we receive it.`)
  if (ask.refund.coins > 0) sentences.push(`${formatCoins(ask.refund.coins)} Dark Coins (10 coins = ₹1) will be credited to your wallet once we receive it.`)
  if (order.paymentMethod === "cod" && order.codFee > 0) sentences.push(`The ${formatPaise(order.codFee)} cash on delivery fee is not refunded.`)
  return sentences
}

const paragraphs = (texts: string[]): Block[] => texts.map((text) => ({ kind: "paragraph", text }))

function tracking(awb: string | null, url: string | null, text: string): Block[] {
  const blocks: Block[] = []
  if (awb) blocks.push({ kind: "facts", rows: [["AWB", awb]] })
  if (url) blocks.push({ kind: "link", text, href: url, button: true })
  return blocks
}

const BODIES: Record<ReturnEvent, (facts: ReturnMessageFacts) => Block[]> = {
  return_requested: (facts) => [
    { kind: "paragraph", text: `We've got your ${noun(facts.ask)} request for:` },
    { kind: "lines", title: "Items", lines: facts.ask.lines.map(lineOf) },
    ...paragraphs(promised(facts)),
    { kind: "lines", title: "Pickup from", lines: addressLines({ shippingAddress: facts.ask.pickupAddress }) },
    { kind: "paragraph", text: "We'll e-mail you when the courier's pickup is booked." },
  ],
  return_pickup: ({ ask }) => {
    const day = spelledDay(ask.pickupDate)
    return [
      { kind: "paragraph", text: day ? `A courier will pick up your ${noun(ask)} on ${day}.` : `A courier will pick up your ${noun(ask)} soon.` },
      { kind: "paragraph", text: "Please keep the items packed, with their tags on." },
      ...tracking(ask.awb, ask.trackingUrl, "Track the pickup"),
    ]
  },
  return_cancelled: ({ ask }) =>
    paragraphs([
      `The courier could not pick up your ${noun(ask)}, so we have closed it. Nothing was collected and your order is as it was.`,
      ...(ask.kind === "exchange" ? [`The size you asked for is no longer held for you.`] : []),
      "You can ask for a return or exchange again from your account while the return window is open.",
    ]),
  return_refunded: ({ ask }) =>
    paragraphs([
      "We've received your return.",
      ...(ask.refund.toPayment > 0
        ? [`We've refunded ${formatPaise(ask.refund.toPayment)} to your original payment method; banks show it ${REFUND_DELAY}.`]
        : []),
      ...(ask.refund.coins > 0 ? [coinsBack(ask.refund.coins)] : []),
    ]),
  exchange_shipped: ({ ask }) => [
    ...paragraphs(ask.lines.map((line) => `Your ${line.title} in size ${line.exchangeSize ?? line.size ?? ""} is on its way, at no charge.`)),
    ...tracking(ask.exchangeAwb, ask.exchangeTrackingUrl, "Track your parcel"),
  ],
}
