import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import type { OrderEventListener, ReturnEventListener } from "../../lib/order-events.js"
import type { Seller } from "../../lib/seller-settings.js"
import { productsByIds } from "../catalog/index.js"
import { checkoutById } from "../checkout/index.js"
import { creditNoteDue, invoiceDue, lineName, lockOrder, orderById, type OrderRecord } from "../orders/index.js"
import { returnById } from "../returns/index.js"
import { remainingCreditLines, returnCreditLines } from "./credit-note.js"
import type { TaxDocument, TaxDocumentCause, TaxDocumentKind, TaxLine } from "./document.js"
import { documentNumber, financialYearOf } from "./financial-year.js"
import { sumTaxLines, taxLines } from "./gst.js"
import { FALLBACK_HSN, hsnFor } from "../../lib/hsn.js"
import { placeOfSupply, sameState } from "./indian-states.js"

type Queryable = Pick<Db, "query">

export const TAX_DOCUMENT_JOB = "tax-document.issue"

/** Each kind's own consecutive series (GST asks a separate series for credit notes). */
const SERIES: Record<TaxDocumentKind, string> = { invoice: "BYF", credit_note: "BYC" }

/** Issuing touches only PostgreSQL: ≈ 4.5 hours of retries (25 attempts) outlast an outage, then staff see it. */
const ISSUE_ATTEMPTS = 25

/**
 * The order's GST documents: its tax invoice once the sale is made (paid online: on placing; cash on delivery: when
 * the courier books the parcel, so the invoice goes with the goods), a credit note for each return refunded (its
 * lines' paid value), and one when an invoiced order ends, crediting what earlier notes had not. Each is issued
 * once per cause, under the order's row lock, with the next number of its series in the same transaction (so a
 * number is never skipped or given twice), and kept with every figure it prints.
 */
export function taxDocuments({ db, seller, logger }: { db: Db; seller: Seller; logger: Logger }) {
  /**
   * The order's document of this kind, issued now if it is due and was not yet: its invoice, or the credit note of
   * its ending (else its latest credit note, a return's); undefined when there is none.
   */
  async function issue(orderId: string, kind: TaxDocumentKind): Promise<TaxDocument | undefined> {
    const cause: TaxDocumentCause = kind === "invoice" ? "sale" : "ending"
    const existing = await documentOf(db, orderId, kind, cause)
    if (existing) return existing
    const order = await orderById(db, orderId)
    if (!order || !(kind === "invoice" ? invoiceDue(order) : creditNoteDue(order))) return kind === "invoice" ? undefined : latestCreditNote(db, orderId)
    const lines = await taxFactsOf(order)
    const issued = await transaction(db, async (client) => {
      const locked = await lockOrder(client, orderId)
      if (!locked) return undefined
      const invoice = (await documentOf(client, orderId, "invoice", "sale")) ?? (await issueInvoice(client, locked, lines))
      if (kind === "invoice") return invoice
      return (await documentOf(client, orderId, "credit_note", "ending")) ?? (await issueEndingNote(client, locked, invoice))
    })
    return issued ?? (kind === "credit_note" ? latestCreditNote(db, orderId) : undefined)
  }

  /** The credit note of a return whose money moved: its lines as refunded. None for an exchange, or once the order's ending credited all. */
  async function issueForReturn(returnId: string): Promise<TaxDocument | undefined> {
    const cause: TaxDocumentCause = `return:${returnId}`
    const ask = await returnById(db, returnId)
    if (!ask || ask.kind !== "return") return undefined
    const existing = await documentOf(db, ask.orderId, "credit_note", cause)
    if (existing) return existing
    const order = await orderById(db, ask.orderId)
    if (!order || !invoiceDue(order)) return undefined
    const pieces = await taxFactsOf(order)
    return transaction(db, async (client) => {
      const locked = await lockOrder(client, order.id)
      if (!locked) return undefined
      const done = await documentOf(client, order.id, "credit_note", cause)
      // The ending credited whatever no return had: a return settled after it would credit its lines twice.
      if (done || (await documentOf(client, order.id, "credit_note", "ending"))) return done
      const invoice = (await documentOf(client, order.id, "invoice", "sale")) ?? (await issueInvoice(client, locked, pieces))
      return issueCreditNote(client, invoice, cause, returnCreditLines(invoice, locked.items, ask.lines))
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
    const checkout = await checkoutById(client, order.checkoutId)
    const issuedAt = await now(client)
    const document: TaxDocument = {
      kind: "invoice",
      number: await nextNumber(client, "invoice", issuedAt),
      issuedAt: issuedAt.toISOString(),
      againstInvoice: null,
      cause: "sale",
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
        gstin: checkout?.buyerGstin ?? null,
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

  /**
   * The ending's credit note: what earlier notes left of the invoice, the COD fee too when the parcel never reached
   * the buyer (so the fee was never collected); none when nothing is left.
   */
  async function issueEndingNote(client: Queryable, order: OrderRecord, invoice: TaxDocument): Promise<TaxDocument | undefined> {
    const earlier = await creditNotesOf(client, order.id)
    const lines = remainingCreditLines(invoice, earlier, { codFee: order.deliveredAt === null })
    return lines.length ? issueCreditNote(client, invoice, "ending", lines) : undefined
  }

  async function issueCreditNote(client: Queryable, invoice: TaxDocument, cause: TaxDocumentCause, lines: TaxLine[]): Promise<TaxDocument> {
    const issuedAt = await now(client)
    const document: TaxDocument = {
      ...invoice,
      kind: "credit_note",
      number: await nextNumber(client, "credit_note", issuedAt),
      issuedAt: issuedAt.toISOString(),
      againstInvoice: { number: invoice.number, issuedAt: invoice.issuedAt },
      cause,
      lines,
      totals: sumTaxLines(lines),
    }
    await store(client, document)
    logger.info({ orderId: invoice.orderId, number: document.number, against: invoice.number, cause }, "credit note issued")
    return document
  }

  /** Invoices follow placing (prepaid), the parcel's booking and delivery (cash on delivery); credit notes follow an ending. */
  const listener: OrderEventListener = async (client, orderId, event) => {
    const kind: TaxDocumentKind | undefined =
      event === "placed" || event === "dispatched" || event === "delivered"
        ? "invoice"
        : event === "cancelled" || event === "returned"
          ? "credit_note"
          : undefined
    if (kind) await enqueueJob(client, TAX_DOCUMENT_JOB, `${orderId}:${kind}`, { orderId, kind })
  }

  /** A return's money moved: its credit note follows. */
  const returnListener: ReturnEventListener = async (client, returnId, event) => {
    if (event === "return_refunded") await enqueueJob(client, TAX_DOCUMENT_JOB, `return:${returnId}`, { returnId })
  }

  async function run(job: Job): Promise<void> {
    if (typeof job.payload.returnId === "string") {
      await issueForReturn(job.payload.returnId)
      return
    }
    const kind = job.payload.kind === "credit_note" ? "credit_note" : "invoice"
    await issue(String(job.payload.orderId), kind)
  }

  return { issue, issueForReturn, listener, returnListener, handlers: { [TAX_DOCUMENT_JOB]: { run, maxAttempts: ISSUE_ATTEMPTS } satisfies JobHandler } }
}

export type TaxDocuments = ReturnType<typeof taxDocuments>

async function documentOf(client: Queryable, orderId: string, kind: TaxDocumentKind, cause: TaxDocumentCause): Promise<TaxDocument | undefined> {
  const { rows } = await client.query<{ document: TaxDocument }>("select document from bff.tax_documents where order_id = $1 and kind = $2 and cause = $3", [
    orderId,
    kind,
    cause,
  ])
  return rows[0]?.document
}

/** The order's credit notes, oldest first. */
async function creditNotesOf(client: Queryable, orderId: string): Promise<TaxDocument[]> {
  const { rows } = await client.query<{ document: TaxDocument }>(
    "select document from bff.tax_documents where order_id = $1 and kind = 'credit_note' order by issued_at, number",
    [orderId],
  )
  return rows.map((row) => row.document)
}

const latestCreditNote = async (client: Queryable, orderId: string) => (await creditNotesOf(client, orderId)).at(-1)

async function store(client: Queryable, document: TaxDocument): Promise<void> {
  await client.query("insert into bff.tax_documents (number, kind, order_id, issued_at, document, cause) values ($1, $2, $3, $4, $5, $6)", [
    document.number,
    document.kind,
    document.orderId,
    document.issuedAt,
    JSON.stringify(document),
    document.cause ?? (document.kind === "invoice" ? "sale" : "ending"),
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
