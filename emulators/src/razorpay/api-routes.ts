import express, { Router } from "express"
import { basicAuth } from "./basic-auth.js"
import { checkedId, parseInput, unknownId } from "./errors.js"
import { presentOrder, presentPayment, presentRefund } from "./presenters.js"
import { createOrderBody, idempotencyKey, refundBody } from "./schema.js"
import type { RazorpayStore } from "./store.js"

type Options = { keyId: string; keySecret: string; store: RazorpayStore }

/** Razorpay's server API (what the SDK calls), under /v1: orders, their payments, payments and refunds. */
export function apiRoutes({ keyId, keySecret, store }: Options): Router {
  const router = Router()
  router.use(basicAuth(keyId, keySecret))
  router.use(express.json({ limit: "100kb" }))

  router.post("/orders", async (req, res) => {
    const order = await store.createOrder(parseInput(createOrderBody, req.body ?? {}))
    res.json(presentOrder(order))
  })

  router.get("/orders/:id", async (req, res) => {
    const order = await store.findOrder(checkedId("order", req.params.id))
    if (!order) throw unknownId()
    res.json(presentOrder(order))
  })

  router.get("/orders/:id/payments", async (req, res) => {
    const order = await store.findOrder(checkedId("order", req.params.id))
    if (!order) throw unknownId()
    const payments = await store.paymentsOfOrder(order.id)
    res.json({ entity: "collection", count: payments.length, items: payments.map(presentPayment) })
  })

  router.get("/payments/:id", async (req, res) => {
    const payment = await store.findPayment(checkedId("pay", req.params.id))
    if (!payment) throw unknownId()
    res.json(presentPayment(payment))
  })

  router.post("/payments/:id/refund", async (req, res) => {
    const key = parseInput(idempotencyKey, req.get("x-refund-idempotency"))
    const body = parseInput(refundBody, req.body ?? {})
    const refund = await store.refund(checkedId("pay", req.params.id), { ...body, idempotencyKey: key })
    res.json(presentRefund(refund))
  })

  return router
}
