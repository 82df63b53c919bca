import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** The shapes of id the BFF sends (bff/src/lib/request-context.ts accepts the same from its proxy). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

/**
 * A call the BFF makes for a shopper's request carries that request's X-Request-Id: Medusa answers with it and logs
 * one line naming it when the answer is sent, so one id finds the request in the proxy's, the BFF's and Medusa's logs.
 */
export function logRequestId(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const id = req.get("x-request-id")
  if (!id || !REQUEST_ID.test(id)) return next()
  res.setHeader("x-request-id", id)
  const started = process.hrtime.bigint()
  res.once("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    const path = req.originalUrl.split("?")[0]
    req.scope.resolve(ContainerRegistrationKeys.LOGGER).info(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)} ms reqId=${id}`)
  })
  next()
}
