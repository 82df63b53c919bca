import type { AddressInfo } from "node:net"
import { randomBytes } from "node:crypto"
import express from "express"
import { inject } from "vitest"
import { razorpayEmulator, type RazorpayEmulatorOptions } from "@fitshop/emulators"
import { createDb, type Db } from "../src/lib/db.js"
import type { RazorpayCheckoutResult } from "../src/lib/razorpay-entities.js"
import { createRazorpayClient } from "../src/lib/razorpay.js"
import { RAZORPAY_EMULATOR_PATH } from "../src/lib/razorpay-settings.js"

type Overrides = Partial<Omit<RazorpayEmulatorOptions, "db">> & { db?: Db }

/**
 * The Razorpay emulator on its own port (as the BFF mounts it, at /emulator/razorpay), with fresh keys,
 * against the run's PostgreSQL; `client` is the BFF's SDK client pointed at it.
 */
export async function startRazorpayEmulator(overrides: Overrides = {}) {
  const ownDb = overrides.db ? undefined : createDb(inject("databaseUrl"))
  const db = overrides.db ?? ownDb!
  const keyId = overrides.keyId ?? `rzp_test_${randomBytes(7).toString("hex")}`
  const keySecret = overrides.keySecret ?? randomBytes(16).toString("hex")
  const webhookSecret = overrides.webhookSecret ?? randomBytes(16).toString("hex")
  const app = express()
  app.use(RAZORPAY_EMULATOR_PATH, razorpayEmulator({ ...overrides, keyId, keySecret, webhookSecret, db }))
  const server = app.listen(0, "127.0.0.1")
  await new Promise<void>((resolve) => server.once("listening", () => resolve()))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const url = `${origin}${RAZORPAY_EMULATOR_PATH}`
  return {
    origin,
    url,
    keyId,
    keySecret,
    webhookSecret,
    db,
    client: createRazorpayClient({ keyId, keySecret, apiUrl: url }),
    /** Pays an order as Checkout would, through the test hook; answers the three signed fields. */
    pay: async (orderId: string) => {
      const response = await fetch(`${url}/test/orders/${orderId}/pay`, { method: "POST" })
      if (!response.ok) throw new Error(`paying ${orderId} failed: ${response.status} ${await response.text()}`)
      return (await response.json()) as RazorpayCheckoutResult
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await ownDb?.end()
    },
  }
}

export type RazorpayEmulatorServer = Awaited<ReturnType<typeof startRazorpayEmulator>>

/** A unique receipt, at most 40 characters like Razorpay's. */
export const uniqueReceipt = (label = "rcpt") => `${label}_${randomBytes(8).toString("hex")}`.slice(0, 40)
