import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import type { OrderEventListener } from "../../lib/order-events.js"
import type { Seller } from "../../lib/seller-settings.js"
import { productsByIds } from "../catalog/index.js"
import { creditNoteDue, invoiceDue, lineName, lockOrder, orderById, type OrderRecord } from "../orders/index.js"
import type { TaxDocument, TaxDocumentKind } from "./document.js"
import { documentNumber, financialYearOf } from "./financial-year.js"
import { taxLines } from "./gst.js"
import { FALLBACK_HSN, hsnFor } from "./hsn.js"
import { placeOfSupply, sameState } from "./indian-states.js"

type Queryable = Pick<Db, "query">

export const TAX_DOCUMENT_JOB = "tax-document.issue"

/** Each kind's own consecutive series (GST asks a separate series for credit notes). */
const SERIES: Record<TaxDocumentKind, string> = { invoice: "BYF", credit_note: "BYC" }

/** Issuing touches only PostgreSQL: ≈ 4.5 hours of retries (25 attempts) outlast an outage, then staff see it. */
const ISSUE_ATTEMPTS = 25

/**
 * The order's GST documents: its tax invoice once the sale is made (paid online: on placing; cash on delivery:
 * on delivery), and a credit note reversing it when an invoiced order is cancelled or returned. Each is issued
 * once, under the order's row lock, with the next number of its series in the same transaction (so a number is
 * never skipped or given twice), and kept with every figure it prints.
 */
export function taxDocuments({ db, seller, logger }: { db: Db; seller: Seller; logger: Logger }) {
  /** The order's document of this kind, issued now if it is due and was not yet; undefined when none is due. */
  async function issue(orderId: string, kind: TaxDocumentKind): Promise<TaxDocument | undefined> {
    const existing = await documentOf(db, orderId, kind)
    if (existing) return existing
    const order = await orderById(db, orderId)
    if (!order || !(kind === "invoice" ? invoiceDue(order) : creditNoteDue(order))) return undefined
    const lines = await taxFactsOf(order)
    return transaction(db, async (client) => {
      const locked = await lockOrder(client, orderId)
      if (!locked) return undefined
      const invoice = (await documentOf(client, orderId, "invoice")) ?? (await issueInvoice(client, locked, lines))
      if (kind === "invoice") return invoice
      return (await documentOf(client, orderId, "credit_note")) ?? (await issueCreditNote(client, invoice))
    })
  }

  /** Each line with the tax facts frozen at checkout; a line bought before those were kept takes its product's today. */
  async function taxFactsOf(order: OrderRecord) {
    const unknown = order.items.filter((line) => line.hsn === undefined).map((line) => line.productId)
    const products = await productsByIds(db, unknown)
    return order.items.map((line) => {
      const product = products.get(line.productId)
      return {
        description: lineName(line),
        hsn: line.hsn ?? (product ? hsnFor(product) : FALLBACK_HSN),
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        gstPercent: line.gstPercent !== undefined ? line.gstPercent : (product?.gstPercent ?? null),
      }
    })
  }

  async function issueInvoice(client: Queryable, order: OrderRecord, pieces: Awaited<ReturnType<typeof taxFactsOf>>): Promise<TaxDocument> {
    const intraState = sameState(order.shippingAddress.state, seller.state)
    const { lines, totals } = taxLines({ pieces, discount: order.discount, codFee: order.codFee, intraState })
    // Paid is paid: an invoice that doesn't add up to the order's total is a bug to stop at, not a document to issue.
    if (totals.total !== order.total) throw new Error(`invoice of order ${order.id} adds up to ${totals.total} paise, not its total ${order.total}`)
    const address = order.shippingAddress
    const issuedAt = await now(client)
    const document: TaxDocument = {
      kind: "invoice",
      number: await nextNumber(client, "invoice", issuedAt),
      issuedAt: issuedAt.toISOString(),
      againstInvoice: null,
      orderId: order.id,
      orderDisplayId: order.displayId,
      orderPlacedAt: order.createdAt.toISOString(),
      paymentMethod: order.paymentMethod,
      seller,
      buyer: {
        name: address.fullName,
        addressLines: [address.line1, address.line2, `${address.city}, ${address.state} ${address.postalCode}`, "India"].filter((line): line is string =>
          Boolean(line),
        ),
        phone: address.phone || null,
        email: address.email,
      },
      placeOfSupply: placeOfSupply(address.state),
      intraState,
      lines,
      totals,
    }
    await store(client, document)
    logger.info({ orderId: order.id, number: document.number }, "tax invoice issued")
    return document
  }

  /** The whole invoice reversed: the order was cancelled or came back whole. */
  async function issueCreditNote(client: Queryable, invoice: TaxDocument): Promise<TaxDocument> {
    const issuedAt = await now(client)
    const document: TaxDocument = {
      ...invoice,
      kind: "credit_note",
      number: await nextNumber(client, "credit_note", issuedAt),
      issuedAt: issuedAt.toISOString(),
      againstInvoice: { number: invoice.number, issuedAt: invoice.issuedAt },
    }
    await store(client, document)
    logger.info({ orderId: invoice.orderId, number: document.number, against: invoice.number }, "credit note issued")
    return document
  }

  /** Invoices follow placing (prepaid) and delivery (cash on delivery); credit notes follow an ending. */
  const listener: OrderEventListener = async (client, orderId, event) => {
    const kind: TaxDocumentKind | undefined =
      event === "placed" || event === "delivered" ? "invoice" : event === "cancelled" || event === "returned" ? "credit_note" : undefined
    if (kind) await enqueueJob(client, TAX_DOCUMENT_JOB, `${orderId}:${kind}`, { orderId, kind })
  }

  async function run(job: Job): Promise<void> {
    const kind = job.payload.kind === "credit_note" ? "credit_note" : "invoice"
    await issue(String(job.payload.orderId), kind)
  }

  return { issue, listener, handlers: { [TAX_DOCUMENT_JOB]: { run, maxAttempts: ISSUE_ATTEMPTS } satisfies JobHandler } }
}

export type TaxDocuments = ReturnType<typeof taxDocuments>

async function documentOf(client: Queryable, orderId: string, kind: TaxDocumentKind): Promise<TaxDocument | undefined> {
  const { rows } = await client.query<{ document: TaxDocument }>("select document from bff.tax_documents where order_id = $1 and kind = $2", [orderId, kind])
  return rows[0]?.document
}

async function store(client: Queryable, document: TaxDocument): Promise<void> {
  await client.query("insert into bff.tax_documents (number, kind, order_id, issued_at, document) values ($1, $2, $3, $4, $5)", [
    document.number,
    document.kind,
    document.orderId,
    document.issuedAt,
    JSON.stringify(document),
  ])
}

/** The database's clock, so every replica dates and numbers documents by the same time. */
async function now(client: Queryable): Promise<Date> {
  const { rows } = await client.query<{ now: Date }>("select now() as now")
  return rows[0]!.now
}

/** The next number of the kind's series in the financial year of `at`; the counter's row stays locked until the transaction ends. */
async function nextNumber(client: Queryable, kind: TaxDocumentKind, at: Date): Promise<string> {
  const financialYear = financialYearOf(at)
  const { rows } = await client.query<{ last_sequence: number }>(
    `insert into bff.tax_document_counters (series, financial_year, last_sequence) values ($1, $2, 1)
     on conflict (series, financial_year) do update set last_sequence = bff.tax_document_counters.last_sequence + 1
     returning last_sequence`,
    [SERIES[kind], financialYear],
  )
  return documentNumber(SERIES[kind], financialYear, rows[0]!.last_sequence)
}
