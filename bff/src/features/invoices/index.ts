import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { sellerSettings } from "../../lib/seller-settings.js"
import { taxDocuments } from "./issue.js"
import { documentLinks } from "./links.js"
import { invoiceRoutes } from "./routes.js"

export type { TaxDocument } from "./document.js"
export { TAX_DOCUMENT_JOB } from "./issue.js"

type Deps = Pick<SharedDeps, "db" | "logger" | "authentication" | "limiter" | "config">

/** GST tax invoices and credit notes: issued as orders are paid or booked with the courier, returned or ended, and downloaded as PDFs. */
export function invoicesModule({ config, db, logger, authentication, limiter }: Deps): FeatureModule {
  const documents = taxDocuments({ db, seller: sellerSettings(config), logger })
  return {
    routes: invoiceRoutes({ db, authentication, limiter, documents, links: documentLinks(config.AUTH_TOKEN_SECRET) }),
    jobs: documents.handlers,
    // A return refunded gets its credit note.
    listens: { order: documents.listener, return: documents.returnListener },
  }
}

/**
 * The order's invoice as an e-mail links it: issued now if it is due, a signed link to it; null when none is due.
 * For the order messages, which link it.
 */
export function invoiceLinks({ config, db, logger }: Pick<SharedDeps, "db" | "logger" | "config">) {
  const documents = taxDocuments({ db, seller: sellerSettings(config), logger })
  const links = documentLinks(config.AUTH_TOKEN_SECRET)
  return async (orderId: string, siteUrl: string): Promise<string | null> =>
    (await documents.issue(orderId, "invoice")) ? new URL(links.signedPath(orderId, "invoice"), siteUrl).href : null
}
