import { isIP } from "node:net"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { isValidGstin, PINCODE_PATTERN } from "@fitshop/contracts"
import { z } from "zod"
import { razorpayIssues } from "./lib/razorpay-settings.js"
import { returnWarehouseIssues } from "./lib/return-warehouse.js"
import { contactIssues, sellerIssues } from "./lib/seller-settings.js"
import { shiprocketIssues } from "./lib/shiprocket-settings.js"
import { storageIssues } from "./lib/storage-settings.js"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url().optional())

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional()

const port = z.coerce.number().int().min(0).max(65535)

/** A telephone number as the policy pages print it: 10 to 13 digits, spaces or hyphens between, an optional leading +. */
const contactPhone = z
  .string()
  .regex(/^\+?\d[\d -]*\d$/, "must be a phone number (digits, spaces and hyphens, an optional leading +)")
  .refine((value) => /^\d{10,13}$/.test(value.replace(/\D/g, "")), "must have 10 to 13 digits")

/** Host names that reach only this machine: development tools are served on these alone. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"])

export const isLoopbackHost = (host: string): boolean => LOOPBACK_HOSTS.has(host.trim().toLowerCase())

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"])

/** One entry of Express's `trust proxy` list: a preset name, an address, or an address/prefix (CIDR). */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true
  const [address = "", prefix, ...rest] = entry.split("/")
  const family = isIP(address)
  if (!family || rest.length) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * Express's `trust proxy` as a setting: `false`, a hop count, or comma-separated names/addresses/CIDRs.
 * `true` (trust every hop) is refused: any client could then choose its own address by sending X-Forwarded-For.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === "false") return false
    if (/^\d+$/.test(value)) return Number(value)
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean)
    const wrong = value === "true" ? ["true"] : entries.filter((entry) => !isProxyEntry(entry))
    if (!entries.length || wrong.length) {
      ctx.addIssue({
        code: "custom",
        message: `must be false, a hop count, or comma-separated loopback/linklocal/uniquelocal, addresses and CIDRs (not ${wrong.join(", ") || "empty"})`,
      })
      return z.NEVER
    }
    return entries
  })

const configSchema = z
  .object({
    /** Without it the BFF is production: development tools are opt-in, never the default. */
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: port.default(8080),
    /** The listener for commerce's calls (`/api/internal/*` and health only); PORT + 1 by default. */
    INTERNAL_PORT: port.optional(),
    INTERNAL_HOST: z.string().min(1).default("127.0.0.1"),
    /** Which proxies' X-Forwarded-For is believed for the client's address (per-address limits). */
    TRUST_PROXY: trustProxy.optional(),
    PUBLIC_URL: z.url().default("http://localhost:8080"),
    DATABASE_URL: z.string({ message: "is required" }).refine((url) => /^postgres(ql)?:\/\/[^\s]+$/.test(url), "must be a postgres:// URL"),
    REDIS_URL: optionalUrl.optional(),
    MEDUSA_URL: z.url().default("http://127.0.0.1:9000"),
    MEDUSA_PUBLISHABLE_KEY: z.string().startsWith("pk_").optional(),
    MEDIA_DIR: z
      .string()
      .min(1)
      .default(path.join(repoRoot, "var", "media")),
    /** Shared media storage (AWS S3, MinIO, …) that every replica reads and writes; without it media stay in MEDIA_DIR. */
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name (3 to 63 lowercase letters, digits, dots and hyphens)")
        .optional(),
    ),
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    /** An S3-compatible server's URL (MinIO, …); AWS's own endpoint for S3_REGION when unset. */
    S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }).optional()),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** `true` puts the bucket in the path (`endpoint/bucket/key`) rather than the host name: MinIO needs it. */
    S3_FORCE_PATH_STYLE: optionalText
      .pipe(z.enum(["true", "false", "1", "0"], "must be true or false").optional())
      .transform((value) => value === "true" || value === "1"),
    STOREFRONT_DIST: z
      .string()
      .min(1)
      .default(path.join(repoRoot, "storefront", "dist")),
    ADMIN_DIST: z
      .string()
      .min(1)
      .default(path.join(repoRoot, "admin", "dist")),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Signs the BFF's access tokens and peppers stored verification codes. */
    AUTH_TOKEN_SECRET: z.string().min(32, { message: "must be at least 32 characters" }),
    /** Shared with commerce/ for its /internal routes. */
    INTERNAL_API_SECRET: z.string().min(16, { message: "must be at least 16 characters" }),
    SMTP_URL: optionalUrl.optional(),
    MAIL_FROM: z.string().min(3).default("Build Your Fit <no-reply@buildyourfit.test>"),
    /** Extra origins allowed on cookie routes besides PUBLIC_URL's (the Vite dev servers). */
    TRUSTED_ORIGINS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    /** Auth attempts one IP may make per 15 minutes on each rate-limited route. */
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
    REDIS_KEY_PREFIX: z.string().default("bff:"),
    /** The catalogue response cache; `off` answers every listing from PostgreSQL (the bench measures both). */
    CATALOG_CACHE: z.enum(["on", "off"]).default("on"),
    /** Where search looks: an index in each process's memory, or PostgreSQL's word indexes (for a catalogue too large to hold). */
    SEARCH_ENGINE: z.enum(["memory", "postgres"]).default("memory"),
    /** Request metrics (GET /metrics on the internal listener); `off` stops counting requests (the bench measures both). */
    REQUEST_METRICS: z.enum(["on", "off"]).default("on"),
    /** An OpenTelemetry collector (OTLP over HTTP): set, the BFF sends its traces there; unset, tracing is off. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl.optional(),
    OTEL_SERVICE_NAME: z.string().min(1).default("fitshop-bff"),
    /** How often the catalogue read model is rebuilt from Medusa besides the change events. */
    CATALOG_RECONCILE_SECONDS: z.coerce.number().int().min(5).default(300),
    /** Razorpay's API keys; without them (outside production) the BFF's own emulator stands in. */
    RAZORPAY_KEY_ID: optionalText.pipe(
      z
        .string()
        .regex(/^rzp_(test|live)_\w+$/, "must look like rzp_test_… or rzp_live_…")
        .optional(),
    ),
    RAZORPAY_KEY_SECRET: optionalText,
    /** The secret set with the webhook in Razorpay's dashboard; it signs X-Razorpay-Signature. */
    RAZORPAY_WEBHOOK_SECRET: optionalText,
    /** Where the Razorpay SDK sends its calls: the real host by default, or the emulator the BFF mounts. */
    RAZORPAY_API_URL: optionalUrl.optional(),
    /** Shiprocket's API user; without one (outside production) the BFF's own emulator stands in. */
    SHIPROCKET_EMAIL: optionalText.pipe(z.email().optional()),
    SHIPROCKET_PASSWORD: optionalText,
    /** Where the Shiprocket API is: the real host by default, or the emulator the BFF mounts. */
    SHIPROCKET_API_URL: optionalUrl.optional(),
    /** The fixed token Shiprocket sends as `x-api-key` with its tracking webhooks (set in its panel). */
    SHIPROCKET_WEBHOOK_TOKEN: optionalText,
    /** The pickup location's name as set up in Shiprocket's panel; orders are collected from there. */
    SHIPROCKET_PICKUP_LOCATION: z.string().trim().min(1).default("Primary"),
    /** The pickup location's pincode: delivery dates are promised from there (shiprocket-settings.ts gives the emulator's a default). */
    SHIPROCKET_PICKUP_PINCODE: optionalText.pipe(z.string().regex(PINCODE_PATTERN, "must be a 6-digit pincode that does not start with 0").optional()),
    /** "1" lets admins pay ₹1 through the live gateway to test it; such orders are marked as tests and never shipped. */
    ALLOW_LIVE_TEST_PAYMENTS: z.enum(["0", "1"], "must be 0 or 1").default("0"),
    /** How long a checkout holds its units for the shopper's payment; a payment after it still becomes an order if stock is left. */
    STOCK_HOLD_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
    /** How often the job worker looks for due work (settling payments, refunds, dispatch). */
    JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /** The share of a line's value a post's author earns in Dark Coins when someone buys through the post. */
    REFERRAL_SHARE_PERCENT: z.coerce.number().min(0).max(50).default(5),
    /** Days after delivery during which an order can be returned; referral earnings stay pending until they pass. */
    RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(90).default(7),
    /** Days a return's pickup may wait after the ask before staff are told it is stuck (returns/stuck-pickups.ts). */
    RETURN_PICKUP_STUCK_DAYS: z.coerce.number().int().min(1).max(60).default(5),
    /** The seller GST invoices name (lib/seller-settings.ts): all four, required in production; a demo seller elsewhere. */
    SELLER_LEGAL_NAME: optionalText.pipe(z.string().max(120, "must be at most 120 characters").optional()),
    SELLER_ADDRESS: optionalText.pipe(z.string().max(300, "must be at most 300 characters").optional()),
    SELLER_STATE: optionalText.pipe(z.string().max(60, "must be at most 60 characters").optional()),
    SELLER_GSTIN: optionalText.pipe(
      z.string().refine(isValidGstin, "must be a 15-character GSTIN whose last character is its check character (e.g. 27AAFCB1234M1ZP)").optional(),
    ),
    /** Customer care and the grievance officer the policy pages name (lib/seller-settings.ts): all five, required in production; demo contacts elsewhere. */
    SELLER_CUSTOMER_CARE_EMAIL: optionalText.pipe(z.email("must be an e-mail address").optional()),
    SELLER_CUSTOMER_CARE_PHONE: optionalText.pipe(contactPhone.optional()),
    GRIEVANCE_OFFICER_NAME: optionalText.pipe(z.string().max(120, "must be at most 120 characters").optional()),
    GRIEVANCE_OFFICER_EMAIL: optionalText.pipe(z.email("must be an e-mail address").optional()),
    GRIEVANCE_OFFICER_PHONE: optionalText.pipe(contactPhone.optional()),
    /** Where returned parcels go (lib/return-warehouse.ts): all six, required in production; the demo warehouse elsewhere. */
    RETURN_WAREHOUSE_NAME: optionalText.pipe(z.string().max(120, "must be at most 120 characters").optional()),
    RETURN_WAREHOUSE_ADDRESS: optionalText.pipe(z.string().max(200, "must be at most 200 characters").optional()),
    RETURN_WAREHOUSE_CITY: optionalText.pipe(z.string().max(60, "must be at most 60 characters").optional()),
    RETURN_WAREHOUSE_STATE: optionalText.pipe(z.string().max(60, "must be at most 60 characters").optional()),
    RETURN_WAREHOUSE_PINCODE: optionalText,
    RETURN_WAREHOUSE_PHONE: optionalText.pipe(
      z
        .string()
        .regex(/^\+?\d{10,13}$/, "must be a phone number of 10 to 13 digits")
        .optional(),
    ),
    /** Widens FITFEED's per-address rate limits (likes, comments, posts, follows, reports): for load tests from one address. */
    FITFEED_ADDRESS_LIMIT_SCALE: z.coerce.number().int().min(1).default(1),
  })
  .superRefine((config, ctx) => {
    for (const issue of shiprocketIssues(config)) ctx.addIssue({ code: "custom", ...issue })
    for (const issue of razorpayIssues(config)) ctx.addIssue({ code: "custom", ...issue })
    for (const issue of sellerIssues(config)) ctx.addIssue({ code: "custom", ...issue })
    for (const issue of contactIssues(config)) ctx.addIssue({ code: "custom", ...issue })
    for (const issue of returnWarehouseIssues(config)) ctx.addIssue({ code: "custom", ...issue })
    for (const issue of storageIssues(config)) ctx.addIssue({ code: "custom", ...issue })
    if (config.NODE_ENV === "production" && !config.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required in production (there is no dev outbox there)" })
    }
    // An https PUBLIC_URL means a proxy terminates TLS in front of us: without being told which hop it is, every
    // shopper would be counted under the proxy's address, and per-address limits would refuse them all together.
    if (config.NODE_ENV === "production" && config.PUBLIC_URL.startsWith("https:") && (config.TRUST_PROXY === undefined || config.TRUST_PROXY === false)) {
      ctx.addIssue({
        code: "custom",
        path: ["TRUST_PROXY"],
        message: `must name the proxy that terminates TLS for ${config.PUBLIC_URL} (a hop count such as 1, or its addresses or CIDRs), or every shopper is counted under its address`,
      })
    }
    if (config.NODE_ENV !== "production" && !isLoopbackHost(config.HOST)) {
      ctx.addIssue({
        code: "custom",
        path: ["HOST"],
        message: `must be a loopback address (127.0.0.1, ::1, localhost) when NODE_ENV is ${config.NODE_ENV}: its dev outbox and emulators are never served beyond this machine; set NODE_ENV=production to listen on ${config.HOST}`,
      })
    }
  })
  .transform((config) => ({
    ...config,
    INTERNAL_PORT: config.INTERNAL_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 1),
    TRUST_PROXY: config.TRUST_PROXY ?? ["loopback"],
  }))

export type Config = z.infer<typeof configSchema>

export class ConfigError extends Error {}

/** The dev outbox and the payment and shipping emulators: only in an explicit development or test mode, on loopback. */
export const developmentTools = (config: Pick<Config, "NODE_ENV" | "HOST">): boolean => config.NODE_ENV !== "production" && isLoopbackHost(config.HOST)

/** Parses the environment; the error names every wrong or missing variable on one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".")
    return `${name} ${env[name] === undefined && issue.code !== "custom" ? "is required" : issue.message}`
  })
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`)
}
