import { hmacSha256 } from "./tokens.js"

/** Where the BFF mounts its Razorpay emulator (never in production). */
export const RAZORPAY_EMULATOR_PATH = "/emulator/razorpay"

const RAZORPAY_API = "https://api.razorpay.com"
const RAZORPAY_CHECKOUT_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js"

type RazorpayEnv = {
  NODE_ENV: string
  RAZORPAY_KEY_ID?: string | undefined
  RAZORPAY_KEY_SECRET?: string | undefined
  RAZORPAY_WEBHOOK_SECRET?: string | undefined
}

/** The settings' part of the BFF's config (config.ts checks it with `razorpayIssues`). */
type RazorpayConfig = RazorpayEnv & { PUBLIC_URL: string; AUTH_TOKEN_SECRET: string; RAZORPAY_API_URL?: string | undefined }

type ConfigIssue = { path: string[]; message: string }

/** The config rules for Razorpay: real keys come as a pair with a webhook secret, and production has them. */
export function razorpayIssues(env: RazorpayEnv): ConfigIssue[] {
  const issues: ConfigIssue[] = []
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret } = env
  if (keyId && !keySecret) issues.push({ path: ["RAZORPAY_KEY_SECRET"], message: "is required with RAZORPAY_KEY_ID" })
  if (keySecret && !keyId) issues.push({ path: ["RAZORPAY_KEY_ID"], message: "is required with RAZORPAY_KEY_SECRET" })
  if (env.NODE_ENV === "production" && !keyId && !keySecret) {
    const message = "is required in production (the Razorpay emulator is never used there)"
    issues.push({ path: ["RAZORPAY_KEY_ID"], message }, { path: ["RAZORPAY_KEY_SECRET"], message })
  }
  if ((keyId || keySecret || env.NODE_ENV === "production") && !webhookSecret) {
    issues.push({ path: ["RAZORPAY_WEBHOOK_SECRET"], message: "is required with real Razorpay keys (it authenticates Razorpay's webhooks)" })
  }
  return issues
}

export type RazorpaySettings = {
  /** True when the BFF's own emulator stands in for Razorpay: no keys and not production. */
  emulated: boolean
  /** The SDK's host (it adds /v1/…). */
  apiUrl: string
  /** Public: the browser's checkout gets it too. */
  keyId: string
  keySecret: string
  /** Signs the webhooks (X-Razorpay-Signature). */
  webhookSecret: string
  /** The script that defines window.Razorpay: Razorpay's own, or the emulator's (a same-origin path). */
  checkoutScriptUrl: string
  /** Where the emulator delivers its webhooks: the BFF's own webhook route. */
  emulatorWebhookUrl: string
}

/** The Razorpay account the BFF uses; the emulator's keys are derived from AUTH_TOKEN_SECRET, so they are stable and written nowhere. */
export function razorpaySettings(config: RazorpayConfig): RazorpaySettings {
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, "")
  const emulatorWebhookUrl = `${publicUrl}/api/payments/webhook`
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    return {
      emulated: false,
      apiUrl: config.RAZORPAY_API_URL ?? RAZORPAY_API,
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? "",
      checkoutScriptUrl: RAZORPAY_CHECKOUT_SCRIPT,
      emulatorWebhookUrl,
    }
  }
  const derive = (purpose: string) => hmacSha256(config.AUTH_TOKEN_SECRET, `razorpay-emulator:${purpose}`)
  return {
    emulated: true,
    apiUrl: config.RAZORPAY_API_URL ?? `${publicUrl}${RAZORPAY_EMULATOR_PATH}`,
    keyId: "rzp_test_emulator",
    keySecret: derive("key-secret").slice(0, 32),
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? derive("webhook-secret").slice(0, 32),
    checkoutScriptUrl: `${RAZORPAY_EMULATOR_PATH}/checkout.js`,
    emulatorWebhookUrl,
  }
}
