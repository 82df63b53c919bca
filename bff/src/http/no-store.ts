import type { RequestHandler } from "express"

/** For answers that belong to one person or change with every write: no cache may keep them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set("Cache-Control", "no-store")
  next()
}
