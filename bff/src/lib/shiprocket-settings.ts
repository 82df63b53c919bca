import { hmacSha256 } from "./tokens.js"

/** Where the BFF mounts its Shiprocket emulator (never in production). */
export const SHIPROCKET_EMULATOR_PATH = "/emulator/shiprocket"

const SHIPROCKET_API = "https://apiv2.shiprocket.in"
const SHIPROCKET_TRACKING = "https://shiprocket.co/tracking"
/** Mumbai GPO: the emulator's pickup when none is configured (real Shiprocket needs the warehouse's own). */
const DEMO_PICKUP_PINCODE = "400001"

type ShiprocketEnv = {
  NODE_ENV: string
  SHIPROCKET_EMAIL?: string | undefined
  SHIPROCKET_PASSWORD?: string | undefined
  SHIPROCKET_WEBHOOK_TOKEN?: string | undefined
  SHIPROCKET_PICKUP_PINCODE?: string | undefined
}

/** The settings' part of the BFF's config (config.ts checks it with `shiprocketIssues`). */
type ShiprocketConfig = ShiprocketEnv & { PUBLIC_URL: string; AUTH_TOKEN_SECRET: string; SHIPROCKET_API_URL?: string | undefined }

type ConfigIssue = { path: string[]; message: string }

/**
 * The config rules for Shiprocket: real credentials come as a pair with a webhook token and the pickup's pincode,
 * and production has them.
 */
export function shiprocketIssues(env: ShiprocketEnv): ConfigIssue[] {
  const issues: ConfigIssue[] = []
  const { SHIPROCKET_EMAIL: email, SHIPROCKET_PASSWORD: password, SHIPROCKET_WEBHOOK_TOKEN: webhookToken } = env
  if (email && !password) issues.push({ path: ["SHIPROCKET_PASSWORD"], message: "is required with SHIPROCKET_EMAIL" })
  if (password && !email) issues.push({ path: ["SHIPROCKET_EMAIL"], message: "is required with SHIPROCKET_PASSWORD" })
  if (env.NODE_ENV === "production" && !email && !password) {
    const message = "is required in production (the Shiprocket emulator is never used there)"
    issues.push({ path: ["SHIPROCKET_EMAIL"], message }, { path: ["SHIPROCKET_PASSWORD"], message })
  }
  if ((email || password || env.NODE_ENV === "production") && !webhookToken) {
    const when = env.NODE_ENV === "production" ? "in production" : "with real Shiprocket credentials"
    issues.push({ path: ["SHIPROCKET_WEBHOOK_TOKEN"], message: `is required ${when} (it authenticates Shiprocket's webhooks)` })
  }
  if ((email || password || env.NODE_ENV === "production") && !env.SHIPROCKET_PICKUP_PINCODE) {
    const when = env.NODE_ENV === "production" ? "in production" : "with real Shiprocket credentials"
    issues.push({ path: ["SHIPROCKET_PICKUP_PINCODE"], message: `is required ${when} (delivery dates are promised from the pickup's pincode)` })
  }
  return issues
}

export type ShiprocketSettings = {
  /** True when the BFF's own emulator stands in for Shiprocket: no credentials and not production. */
  emulated: boolean
  apiUrl: string
  email: string
  password: string
  /** The `x-api-key` value Shiprocket's webhooks carry. */
  webhookToken: string
  /** Tracking pages are `${trackingBaseUrl}/${awb}`: links for shoppers, never fetched by the BFF. */
  trackingBaseUrl: string
  /** Where parcels are collected: delivery dates are promised from this pincode. */
  pickupPincode: string
}

/** The Shiprocket account the BFF uses; the emulator's is derived from AUTH_TOKEN_SECRET, so it is stable and not written anywhere. */
export function shiprocketSettings(config: ShiprocketConfig): ShiprocketSettings {
  if (config.SHIPROCKET_EMAIL && config.SHIPROCKET_PASSWORD) {
    return {
      emulated: false,
      apiUrl: config.SHIPROCKET_API_URL ?? SHIPROCKET_API,
      email: config.SHIPROCKET_EMAIL,
      password: config.SHIPROCKET_PASSWORD,
      webhookToken: config.SHIPROCKET_WEBHOOK_TOKEN ?? "",
      trackingBaseUrl: SHIPROCKET_TRACKING,
      pickupPincode: config.SHIPROCKET_PICKUP_PINCODE ?? "",
    }
  }
  const derive = (purpose: string) => hmacSha256(config.AUTH_TOKEN_SECRET, `shiprocket-emulator:${purpose}`)
  const emulator = `${config.PUBLIC_URL.replace(/\/+$/, "")}${SHIPROCKET_EMULATOR_PATH}`
  return {
    emulated: true,
    apiUrl: config.SHIPROCKET_API_URL ?? emulator,
    email: `api-${derive("email").slice(0, 16)}@shiprocket-emulator.test`,
    password: derive("password"),
    webhookToken: config.SHIPROCKET_WEBHOOK_TOKEN ?? derive("webhook-token"),
    trackingBaseUrl: `${emulator}/tracking`,
    pickupPincode: config.SHIPROCKET_PICKUP_PINCODE ?? DEMO_PICKUP_PINCODE,
  }
}
