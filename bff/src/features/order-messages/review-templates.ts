import { LEGAL_PAGES, reviewFormPath } from "@fitshop/contracts"
import { composeMessage, orderNumber, type OrderMessage } from "./templates.js"
import type { OrderRecord } from "../orders/index.js"

/** The invitation to review what an order brought, a few days after it was delivered: one link per product, to its review form. */
export function reviewInviteMessage(
  order: Pick<OrderRecord, "id" | "displayId">,
  products: { productId: string; title: string }[],
  name: string | null,
  siteUrl: string,
): OrderMessage {
  const site = siteUrl.replace(/\/+$/, "")
  return composeMessage(`How is your order ${orderNumber(order)} fitting?`, name, site, [
    {
      kind: "paragraph",
      text: "You've had your order for a few days now. Tell other shoppers how it fits and what you think: a star rating takes a few seconds.",
    },
    { kind: "links", links: products.map(({ productId, title }) => ({ text: `Review ${title}`, href: `${site}${reviewFormPath(productId)}` })) },
    {
      kind: "paragraph",
      text: "We don't pay or reward anyone for reviews, and we publish good and bad ones alike. You got this e-mail because you said yes to news from us; you can say no in your account's profile.",
    },
  ])
}

/** The author's note that their review was hidden: staff's reason, or that reports from other shoppers hid it until staff look. */
export function reviewHiddenMessage(productTitle: string, reason: string | null, name: string | null, siteUrl: string): OrderMessage {
  const site = siteUrl.replace(/\/+$/, "")
  return composeMessage(`Your review of ${productTitle} is hidden`, name, site, [
    reason === null
      ? {
          kind: "paragraph",
          text: "Several shoppers reported your review, so it is hidden from others until our staff look at it. If it follows our reviews policy, it comes back as it was.",
        }
      : { kind: "paragraph", text: `Our staff hid your review from other shoppers. The reason: ${reason}` },
    { kind: "paragraph", text: "You can still see it on the product page, edit it or withdraw it." },
    { kind: "link", text: "Read our reviews policy", href: `${site}${LEGAL_PAGES.reviews.path}`, button: false },
  ])
}
