import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { OrderEventListener, ReturnEventListener } from "../../lib/order-events.js"
import type { Seller } from "../../lib/seller-settings.js"
import { taxDocuments, type TaxDocuments } from "./issue.js"
import { documentLinks } from "./links.js"
import { invoiceRoutes } from "./routes.js"

export type { TaxDocument } from "./document.js"
export { TAX_DOCUMENT_JOB } from "./issue.js"

type Deps = Pick<SharedDeps, "db" | "logger" | "authentication" | "limiter" | "config"> & { seller: Seller }

/** GST tax invoices and credit notes: issued as orders are paid or booked with the courier, returned or ended, and downloaded as PDFs. */
export function invoicesModule({ config, db, logger, authentication, limiter, seller }: Deps): FeatureModule & {
  documents: TaxDocuments
  onOrderEvent: OrderEventListener
  /** A return refunded gets its credit note. */
  onReturnEvent: ReturnEventListener
  /** The order's invoice as an e-mail links it: issued now if it is due, a signed link to it; null when none is due. */
  invoiceLink(orderId: string, siteUrl: string): Promise<string | null>
} {
  const documents = taxDocuments({ db, seller, logger })
  const links = documentLinks(config.AUTH_TOKEN_SECRET)
  return {
    routes: invoiceRoutes({ db, authentication, limiter, documents, links }),
    jobs: documents.handlers,
    documents,
    onOrderEvent: documents.listener,
    onReturnEvent: documents.returnListener,
    async invoiceLink(orderId, siteUrl) {
      return (await documents.issue(orderId, "invoice")) ? new URL(links.signedPath(orderId, "invoice"), siteUrl).href : null
    },
  }
}
