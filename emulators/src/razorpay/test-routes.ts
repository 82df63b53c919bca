import express, { Router } from "express"
import { checkedId, parseInput } from "./errors.js"
import type { PaymentSimulator } from "./payments.js"
import { payerBody } from "./schema.js"

/**
 * Test hooks: POST /orders/:id/pay pays and captures an order without a browser and answers the three
 * fields Checkout hands to `handler`, signed as Razorpay signs them; POST /orders/:id/fail fails one attempt.
 */
export function testRoutes(payments: PaymentSimulator): Router {
  const router = Router()
  router.use(express.json({ limit: "10kb" }))
  router.post("/orders/:id/pay", async (req, res) => {
    res.json(await payments.pay(checkedId("order", req.params.id), parseInput(payerBody, req.body ?? {})))
  })
  router.post("/orders/:id/fail", async (req, res) => {
    res.json(await payments.fail(checkedId("order", req.params.id), parseInput(payerBody, req.body ?? {})))
  })
  return router
}
