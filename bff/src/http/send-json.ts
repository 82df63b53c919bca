import type { Response } from "express"

/**
 * Sends JSON text made elsewhere (PostgreSQL presents FITFEED's posts) without parsing it again, and without the
 * ETag Express would hash out of it: these answers are no-store, so no one ever asks to revalidate them.
 */
export const sendJson = (res: Response, body: string) => res.type("application/json").end(body)
