import type { LegalInfo } from "@fitshop/contracts"
import { Router } from "express"

/** The facts change only with the settings, at a restart: browsers and proxies may keep them a few minutes. */
const CACHE_CONTROL = "public, max-age=300"

/** GET /api/legal: the seller, customer care, the grievance officer, the return window and the COD fee the policy pages state. */
export function legalRoutes(info: LegalInfo): Router {
  const router = Router()
  router.get("/legal", (_req, res) => {
    res.set("Cache-Control", CACHE_CONTROL).json(info)
  })
  return router
}
