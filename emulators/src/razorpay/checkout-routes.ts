import { readFileSync } from "node:fs"
import express, { Router, type RequestHandler } from "express"
import { sameBytes } from "../../../bff/src/lib/tokens.js"
import { checkedId, parseInput, unauthenticated } from "./errors.js"
import type { PaymentSimulator } from "./payments.js"
import { checkoutPayBody } from "./schema.js"

const CHECKOUT_SCRIPT = readFileSync(new URL("./checkout.js", import.meta.url), "utf8")

/** GET /checkout.js: the stand-in for Razorpay's checkout.js, defining window.Razorpay. */
export const checkoutScript: RequestHandler = (_req, res) => {
  res.type("text/javascript").set("Cache-Control", "no-cache").send(CHECKOUT_SCRIPT)
}

/** The page may load the script from another origin (a dev server): its calls carry no cookies, so any origin may make them. */
const allowAnyOrigin: RequestHandler = (req, res, next) => {
  res.set({ "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "Content-Type", "Access-Control-Allow-Methods": "POST" })
  if (req.method === "OPTIONS") res.status(204).end()
  else next()
}

type Options = { keyId: string; payments: PaymentSimulator }

/** The calls the checkout modal makes, POST /orders/:id/pay and /orders/:id/fail: they need only the public key id. */
export function checkoutRoutes({ keyId, payments }: Options): Router {
  const router = Router()
  router.use(allowAnyOrigin, express.json({ limit: "10kb" }))
  const payerOf = (body: unknown) => {
    const { key, ...payer } = parseInput(checkoutPayBody, body ?? {})
    if (!sameBytes(key, keyId)) throw unauthenticated("The api key provided is invalid")
    return payer
  }
  router.post("/orders/:id/pay", async (req, res) => {
    const payer = payerOf(req.body)
    res.json(await payments.pay(checkedId("order", req.params.id), payer))
  })
  router.post("/orders/:id/fail", async (req, res) => {
    const payer = payerOf(req.body)
    res.json(await payments.fail(checkedId("order", req.params.id), payer))
  })
  return router
}
