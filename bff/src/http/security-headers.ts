import type { RequestListener } from "node:http"
import type { RequestHandler } from "express"
import { NO_INLINE_SOURCES, type InlineSources } from "./inline-sources.js"

/**
 * The policy of answers that are data, not pages (the API's JSON, media, the emulators' calls): they load
 * nothing and may not be framed, so a file opened directly in the browser can't run or fetch anything either.
 */
export const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'"

/**
 * /media's: data too, and no form may be sent from a file opened there (a picture or a video, but whatever a browser
 * might take for a page is kept from posting anywhere).
 */
export const MEDIA_POLICY = `${DATA_POLICY}; form-action 'none'`

/** Sent with every answer of the BFF, the early reads' included (answer-before-express.ts); pages get their own policy. */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": DATA_POLICY,
} as const

export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains"

/**
 * What Razorpay's real checkout needs (their own CSP allowlist, razorpay/razorpay-magento etc/csp_whitelist.xml):
 * checkout.js and the risk-detection script it loads, the checkout iframe and its form posts on the API host,
 * and its logging calls.
 */
const RAZORPAY_SOURCES = {
  script: ["https://checkout.razorpay.com", "https://cdn.razorpay.com"],
  img: ["https://cdn.razorpay.com"],
  frame: ["https://api.razorpay.com"],
  connect: ["https://api.razorpay.com", "https://lumberjack.razorpay.com", "https://lumberjack-metrics.razorpay.com"],
  form: ["https://api.razorpay.com"],
}

export type PagePolicyOptions = {
  /**
   * The console only: Material UI (react-admin) styles through emotion, which adds <style> elements as it
   * renders. Scripts stay strict; a nonce for emotion's cache would let this go.
   */
  inlineStyles?: boolean
  /** True when real Razorpay keys are set: the page loads Razorpay's checkout; the emulator's is same-origin. */
  razorpayCheckout: boolean
  /** Where uploads are served from (PUBLIC_URL's origin): the same site, though maybe not the page's host name. */
  mediaOrigin?: string | undefined
  /** The shop's own inline script and stylesheet (its index.html's), allowed by their hashes and nothing else inline. */
  inlineSources?: InlineSources | undefined
}

/**
 * The shop's and the console's pages: scripts, styles and connections from our origin only (React sets
 * styles through the CSSOM, which style-src doesn't govern), no plugins, no <base>, never framed.
 * Upload previews are blob: URLs. Inline scripts are blocked but for the shop's own, named by their hashes; JSON
 * data blocks aren't scripts and still read.
 */
export function pagePolicy({ razorpayCheckout, mediaOrigin, inlineStyles = false, inlineSources = NO_INLINE_SOURCES }: PagePolicyOptions): string {
  const razorpay = (sources: string[]) => (razorpayCheckout ? sources : [])
  const media = mediaOrigin ? [mediaOrigin] : []
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...inlineSources.script, ...razorpay(RAZORPAY_SOURCES.script)],
    ["style-src", "'self'", ...(inlineStyles ? ["'unsafe-inline'"] : inlineSources.style)],
    ["img-src", "'self'", "data:", "blob:", ...media, ...razorpay(RAZORPAY_SOURCES.img)],
    ["media-src", "'self'", "blob:", ...media],
    ["connect-src", "'self'", ...razorpay(RAZORPAY_SOURCES.connect)],
    ["frame-src", ...(razorpayCheckout ? RAZORPAY_SOURCES.frame : ["'none'"])],
    ["form-action", "'self'", ...razorpay(RAZORPAY_SOURCES.form)],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
  ]
  return directives.map((directive) => [...new Set(directive)].join(" ")).join("; ")
}

/** Paths whose answers are data; everything else the BFF serves is a page of the shop or the console, or its assets. */
const DATA_PATHS = /^\/(?:api|media|emulator)(?:\/|$)/

const MEDIA_PATHS = /^\/media(?:\/|$)/

const CONSOLE_PATHS = /^\/admin(?:\/|$)/

/** Sets the headers every Express answer carries, with the shop's or the console's policy on everything that isn't data. */
export function securityHeaders(options: Omit<PagePolicyOptions, "inlineStyles">): RequestHandler {
  const shopHeaders = { ...SECURITY_HEADERS, "Content-Security-Policy": pagePolicy(options) }
  const consoleHeaders = { ...SECURITY_HEADERS, "Content-Security-Policy": pagePolicy({ ...options, inlineSources: NO_INLINE_SOURCES, inlineStyles: true }) }
  const mediaHeaders = { ...SECURITY_HEADERS, "Content-Security-Policy": MEDIA_POLICY }
  return (req, res, next) => {
    if (MEDIA_PATHS.test(req.path)) res.set(mediaHeaders)
    else if (DATA_PATHS.test(req.path)) res.set(SECURITY_HEADERS)
    else res.set(CONSOLE_PATHS.test(req.path) ? consoleHeaders : shopHeaders)
    next()
  }
}

/**
 * Asks browsers to use HTTPS only (production, which is served over TLS), on every answer, the early
 * reads' included: set before the listener runs, so the headers they write are merged with it.
 */
export function withStrictTransport(listener: RequestListener, production: boolean): RequestListener {
  if (!production) return listener
  return (req, res) => {
    res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY)
    listener(req, res)
  }
}
