import type { ExtraRoutes } from "../../bff/src/app.js"
import { developmentTools } from "../../bff/src/config.js"
import { RAZORPAY_EMULATOR_PATH, razorpaySettings } from "../../bff/src/lib/razorpay-settings.js"
import { SHIPROCKET_EMULATOR_PATH, shiprocketSettings } from "../../bff/src/lib/shiprocket-settings.js"
import { razorpayEmulator } from "./razorpay/index.js"
import { shiprocketEmulator } from "./shiprocket/index.js"

export { razorpayEmulator, type RazorpayEmulatorOptions } from "./razorpay/index.js"
export { shiprocketEmulator, type ShiprocketEmulatorOptions } from "./shiprocket/index.js"

/**
 * Local stand-ins for Razorpay and Shiprocket, mounted in the BFF beside its own routes when no real keys are configured,
 * in an explicit development or test mode on loopback only (config.ts refuses the rest; never in production).
 */
export const emulatorRoutes: ExtraRoutes = ({ config, db, logger }) => {
  if (!developmentTools(config)) return []
  const razorpay = razorpaySettings(config)
  const shiprocket = shiprocketSettings(config)
  const routes: ReturnType<ExtraRoutes> = []
  if (razorpay.emulated) {
    const { keyId, keySecret, webhookSecret, emulatorWebhookUrl: webhookUrl } = razorpay
    routes.push({ path: RAZORPAY_EMULATOR_PATH, handler: razorpayEmulator({ keyId, keySecret, webhookSecret, webhookUrl, db, logger }) })
  }
  if (shiprocket.emulated) {
    const handler = shiprocketEmulator({
      email: shiprocket.email,
      password: shiprocket.password,
      db,
      // Configured, never the caller's Host header: the hook sends the webhook token there.
      webhookUrl: new URL("/api/fulfillment/tracking-webhook", config.PUBLIC_URL).href,
      webhookToken: shiprocket.webhookToken,
    })
    routes.push({ path: SHIPROCKET_EMULATOR_PATH, handler })
  }
  return routes
}
