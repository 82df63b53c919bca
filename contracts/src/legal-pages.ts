import { pageTitle, type PageMeta } from "./page-meta.js"

/** Where the policy pages' facts are read (legal.ts has the answer's schema): the BFF hands them to the page in its HTML. */
export const LEGAL_INFO_PATH = "/api/legal"

/** A policy page: its address, and what it is called in the footer, the tab and search results. */
export type LegalPage = { path: string; name: string; description: string }

/** The shop's policy pages, in the footer's order: anyone may open them from a link, and every page's footer does. */
export const LEGAL_PAGES = {
  terms: {
    path: "/terms",
    name: "Terms of use",
    description: "The terms on which Build Your Fit sells: who we are, orders and prices, payment, delivery, returns, FITFEED posts and your rights.",
  },
  privacy: {
    path: "/privacy",
    name: "Privacy notice",
    description: "What Build Your Fit keeps about you and why, for how long, who it is shared with, and how to withdraw consent, export or delete your data.",
  },
  returns: {
    path: "/returns-policy",
    name: "Returns and exchanges",
    description: "How to return an order or exchange a size at Build Your Fit: the return window, what comes back and how, and cash on delivery orders.",
  },
  shipping: {
    path: "/shipping-policy",
    name: "Shipping",
    description: "How Build Your Fit delivers across India: where we deliver, when your order arrives, cash on delivery and tracking your parcel.",
  },
  reviews: {
    path: "/reviews-policy",
    name: "Reviews policy",
    description:
      "How Build Your Fit collects, checks, moderates and shows product reviews: only buyers who kept the piece, dates shown, nothing paid for, and how to withdraw yours.",
  },
  contact: {
    path: "/contact",
    name: "Contact and grievances",
    description: "Reach Build Your Fit's customer care, or our grievance officer, who acknowledges a complaint within 48 hours and resolves it within a month.",
  },
} as const satisfies Record<string, LegalPage>

export type LegalPageKey = keyof typeof LEGAL_PAGES

export const LEGAL_PAGE_KEYS = Object.keys(LEGAL_PAGES) as LegalPageKey[]

/** A policy page's title, description and canonical address. */
export const legalPageMeta = (key: LegalPageKey): PageMeta => {
  const { path, name, description } = LEGAL_PAGES[key]
  return { title: pageTitle(name), description, canonicalPath: path }
}
