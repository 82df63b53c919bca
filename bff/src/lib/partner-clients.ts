import type { Config } from "../config.js"
import { createRazorpayClient } from "./razorpay.js"
import { razorpaySettings } from "./razorpay-settings.js"
import { shiprocketClient } from "./shiprocket.js"
import { shiprocketSettings } from "./shiprocket-settings.js"

/**
 * The payment gateway's and the courier's settings and clients, made once for the process: the Shiprocket client keeps
 * its session (one login for dispatch, returns and delivery promises alike).
 */
export function partnerClients(config: Config) {
  const razorpay = razorpaySettings(config)
  const shiprocket = shiprocketSettings(config)
  return { razorpay, razorpayClient: createRazorpayClient(razorpay), shiprocket, shiprocketClient: shiprocketClient(shiprocket) }
}
