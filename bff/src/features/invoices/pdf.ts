import { createRequire } from "node:module"
import { formatPaise } from "@fitshop/contracts"
import PDFDocument from "pdfkit"
import { indiaDay } from "../../lib/india-time.js"
import type { TaxDocument, TaxLine, TaxTotals } from "./document.js"
import { placeOfSupply } from "./indian-states.js"

/** DejaVu Sans, from the npm package on disk: it has the ₹ sign, and nothing is fetched at render time. */
const fontFile = createRequire(import.meta.url)
const REGULAR = fontFile.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")
const BOLD = fontFile.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")

const MARGIN = 40
const BAND_HEIGHT = 64
const FOOTER_HEIGHT = 18
const CELL_PADDING_X = 3
const CELL_PADDING_Y = 5
const TABLE_FONT_SIZE = 8
const INK = "#000000"
const PAPER = "#ffffff"
const MUTED = "#5c5c5c"
const HAIRLINE = "#d4d4d4"
const ZEBRA = "#f4f4f4"

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

/** An instant as an India calendar date, "27 Nov 2026". */
export function indiaDate(iso: string): string {
  const [year, month, day] = indiaDay(new Date(iso).getTime()).split("-").map(Number) as [number, number, number]
  return `${day} ${MONTHS[month - 1]} ${year}`
}

const ONES = ["", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"].concat([
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
])
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"]

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? ""
  const ones = ONES[n % 10]
  const tens = TENS[Math.floor(n / 10)] ?? ""
  return ones ? `${tens}-${ones}` : tens
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", rest ? belowHundred(rest) : ""].filter(Boolean).join(" ")
}

/** A whole number in words with Indian grouping: crore, lakh, thousand, hundred. */
function indianWords(n: number): string {
  if (n === 0) return "Zero"
  const crores = Math.floor(n / 10_000_000)
  const lakhs = Math.floor((n % 10_000_000) / 100_000)
  const thousands = Math.floor((n % 100_000) / 1000)
  const rest = n % 1000
  return [
    crores ? `${indianWords(crores)} Crore` : "",
    lakhs ? `${belowHundred(lakhs)} Lakh` : "",
    thousands ? `${belowHundred(thousands)} Thousand` : "",
    rest ? belowThousand(rest) : "",
  ]
    .filter(Boolean)
    .join(" ")
}

/** Paise in words as Indian invoices write them: "Rupees One Thousand Two Hundred Ninety-Nine and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`amountInWords takes whole paise: ${paise}`)
  const amount = Math.abs(paise)
  const rupees = Math.floor(amount / 100)
  const rest = amount % 100
  const paiseWords = rest ? ` and ${belowHundred(rest)} ${rest === 1 ? "Paisa" : "Paise"}` : ""
  return `${paise < 0 ? "Minus " : ""}Rupees ${indianWords(rupees)}${paiseWords} Only`
}

type Pdf = PDFKit.PDFDocument
type Align = "left" | "right"
type Column = { header: string; width: number; align: Align; cell: (line: TaxLine, index: number) => string; total: (totals: TaxTotals) => string }

const percent = (rate: number) => `${rate}%`
const blank = () => ""

/** Services (SAC, chapter 99: the COD fee) have no unit of quantity; goods are counted in pieces (GST's UQC "PCS"). */
export const unitOf = (line: Pick<TaxLine, "hsn">) => (line.hsn.startsWith("99") ? "" : "PCS")

/** Each tax head's rate, as rule 46 asks: within a state CGST and SGST take half the rate each, 2.5% + 2.5% for 5%. */
export const headRate = (line: Pick<TaxLine, "rate">, intraState: boolean) => percent(intraState ? line.rate / 2 : line.rate)

/** The table's columns: CGST and SGST for an intra-state supply, IGST otherwise, each with its rate; Description takes the width left. */
function columnsFor(intraState: boolean, tableWidth: number): Column[] {
  const rateOf = (line: TaxLine) => headRate(line, intraState)
  const taxColumns: Column[] = intraState
    ? [
        { header: "CGST rate", width: 32, align: "right", cell: rateOf, total: blank },
        { header: "CGST", width: 56, align: "right", cell: (line) => formatPaise(line.cgst), total: (totals) => formatPaise(totals.cgst) },
        { header: "SGST rate", width: 32, align: "right", cell: rateOf, total: blank },
        { header: "SGST", width: 56, align: "right", cell: (line) => formatPaise(line.sgst), total: (totals) => formatPaise(totals.sgst) },
      ]
    : [
        { header: "IGST rate", width: 32, align: "right", cell: rateOf, total: blank },
        { header: "IGST", width: 66, align: "right", cell: (line) => formatPaise(line.igst), total: (totals) => formatPaise(totals.igst) },
      ]
  const fixed: Column[] = [
    { header: "#", width: 18, align: "left", cell: (_line, index) => String(index + 1), total: blank },
    { header: "Description", width: 0, align: "left", cell: (line) => line.description, total: () => "Total" },
    { header: "HSN/SAC", width: 50, align: "left", cell: (line) => line.hsn, total: blank },
    { header: "Qty", width: 40, align: "right", cell: (line) => [String(line.quantity), unitOf(line)].filter(Boolean).join(" "), total: blank },
    { header: "Taxable value", width: 62, align: "right", cell: (line) => formatPaise(line.taxableValue), total: (totals) => formatPaise(totals.taxableValue) },
    ...taxColumns,
    { header: "Total", width: 62, align: "right", cell: (line) => formatPaise(line.total), total: (totals) => formatPaise(totals.total) },
  ]
  const used = fixed.reduce((sum, column) => sum + column.width, 0)
  return fixed.map((column) => (column.header === "Description" ? { ...column, width: tableWidth - used } : column))
}

const cellHeight = (pdf: Pdf, text: string, width: number) => pdf.heightOfString(text || " ", { width: width - 2 * CELL_PADDING_X })

const tableWidthOf = (columns: Column[]) => columns.reduce((sum, column) => sum + column.width, 0)

/** A row is as tall as its tallest cell: every cell wraps within its column. */
function rowHeight(pdf: Pdf, columns: Column[], texts: string[], bold: boolean): number {
  pdf.font(bold ? "Bold" : "Regular").fontSize(TABLE_FONT_SIZE)
  return Math.max(...columns.map((column, index) => cellHeight(pdf, texts[index] ?? "", column.width))) + 2 * CELL_PADDING_Y
}

/** One table row at `y`; returns its height. */
function drawRow(pdf: Pdf, columns: Column[], texts: string[], y: number, options: { bold: boolean; fill: string | null; color: string }): number {
  const height = rowHeight(pdf, columns, texts, options.bold)
  if (options.fill) pdf.rect(MARGIN, y, tableWidthOf(columns), height).fill(options.fill)
  let x = MARGIN
  pdf.fillColor(options.color)
  columns.forEach((column, index) => {
    pdf.text(texts[index] ?? "", x + CELL_PADDING_X, y + CELL_PADDING_Y, { width: column.width - 2 * CELL_PADDING_X, align: column.align })
    x += column.width
  })
  return height
}

function hairline(pdf: Pdf, y: number, width: number, color = HAIRLINE, thickness = 0.5) {
  pdf
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(thickness)
    .strokeColor(color)
    .stroke()
}

type Labels = { title: string; total: string }

const labelsFor = (doc: TaxDocument): Labels =>
  doc.kind === "invoice" ? { title: "Tax Invoice", total: "Invoice total" } : { title: "Credit Note", total: "Credit note total" }

const orderLabel = (doc: TaxDocument) => (doc.orderDisplayId !== null ? `#${doc.orderDisplayId}` : doc.orderId)

const paymentLabel = (doc: TaxDocument) => (doc.paymentMethod === "online" ? "Paid online" : "Cash on delivery")

const placeLabel = (place: { state: string; code: string | null }) => (place.code ? `${place.state} (${place.code})` : place.state)

/** The black band across the top of the first page: title on the left, number and date on the right. */
function drawBand(pdf: Pdf, doc: TaxDocument, labels: Labels) {
  const width = pdf.page.width - 2 * MARGIN
  pdf.rect(0, 0, pdf.page.width, BAND_HEIGHT).fill(INK)
  pdf.fillColor(PAPER).font("Bold").fontSize(22).text(labels.title, MARGIN, 20, { width, lineBreak: false })
  pdf.font("Bold").fontSize(12).text(doc.number, MARGIN, 18, { width, align: "right" })
  pdf.font("Regular").fontSize(9).text(indiaDate(doc.issuedAt), MARGIN, 36, { width, align: "right" })
}

/** Label–value pairs in two aligned columns; returns where they end. */
function drawPairs(pdf: Pdf, pairs: [string, string][], x: number, y: number, width: number): number {
  const labelWidth = 78
  for (const [label, value] of pairs) {
    pdf.font("Regular").fontSize(9).fillColor(MUTED).text(label, x, y, { width: labelWidth })
    pdf
      .font("Bold")
      .fontSize(9)
      .fillColor(INK)
      .text(value, x + labelWidth, y, { width: width - labelWidth })
    y = pdf.y + 3
  }
  return y
}

/** The seller on the left, the document's particulars on the right. */
function drawParties(pdf: Pdf, doc: TaxDocument, y: number): number {
  const width = pdf.page.width - 2 * MARGIN
  const leftWidth = width * 0.55
  const rightX = MARGIN + leftWidth + 16
  const rightWidth = width - leftWidth - 16

  pdf.font("Bold").fontSize(11).fillColor(INK).text(doc.seller.legalName, MARGIN, y, { width: leftWidth })
  pdf.font("Regular").fontSize(9).text(doc.seller.address, { width: leftWidth })
  pdf.moveDown(0.3).text(`GSTIN: ${doc.seller.gstin}`, { width: leftWidth })
  pdf.text(`State: ${placeLabel(placeOfSupply(doc.seller.state))}`, { width: leftWidth })
  const leftEnd = pdf.y

  const numberLabel = doc.kind === "invoice" ? "Invoice no." : "Credit note no."
  let rightEnd = drawPairs(
    pdf,
    [
      [numberLabel, doc.number],
      ["Date", indiaDate(doc.issuedAt)],
      ["Order", orderLabel(doc)],
      ["Order date", indiaDate(doc.orderPlacedAt)],
      ["Payment", paymentLabel(doc)],
    ],
    rightX,
    y,
    rightWidth,
  )
  if (doc.againstInvoice) {
    pdf.font("Bold").fontSize(9).fillColor(INK)
    pdf.text(`Against invoice ${doc.againstInvoice.number} dated ${indiaDate(doc.againstInvoice.issuedAt)}`, rightX, rightEnd + 4, { width: rightWidth })
    rightEnd = pdf.y
  }
  return Math.max(leftEnd, rightEnd)
}

/** Bill to / Ship to on the left, place of supply on the right. */
function drawBuyer(pdf: Pdf, doc: TaxDocument, y: number): number {
  const width = pdf.page.width - 2 * MARGIN
  const leftWidth = width * 0.55
  const rightX = MARGIN + leftWidth + 16
  const rightWidth = width - leftWidth - 16

  pdf.font("Bold").fontSize(8).fillColor(MUTED).text("Bill to / Ship to", MARGIN, y, { width: leftWidth })
  pdf.font("Bold").fontSize(10).fillColor(INK).text(doc.buyer.name, { width: leftWidth })
  pdf.font("Regular").fontSize(9)
  for (const line of doc.buyer.addressLines) pdf.text(line, { width: leftWidth })
  if (doc.buyer.phone) pdf.text(`Phone: ${doc.buyer.phone}`, { width: leftWidth })
  if (doc.buyer.email) pdf.text(`Email: ${doc.buyer.email}`, { width: leftWidth })
  if (doc.buyer.gstin) pdf.font("Bold").text(`Buyer GSTIN: ${doc.buyer.gstin}`, { width: leftWidth })
  const leftEnd = pdf.y

  pdf.font("Bold").fontSize(8).fillColor(MUTED).text("Supply", rightX, y, { width: rightWidth })
  pdf
    .font("Bold")
    .fontSize(10)
    .fillColor(INK)
    .text(`Place of supply: ${placeLabel(doc.placeOfSupply)}`, { width: rightWidth })
  pdf
    .font("Regular")
    .fontSize(9)
    .text(doc.intraState ? "Intra-state supply: CGST + SGST" : "Inter-state supply: IGST", { width: rightWidth })
  // Rule 46 asks whether tax is payable on reverse charge: a shop's sales to consumers and businesses never are.
  pdf.text("Reverse charge: No", { width: rightWidth })
  return Math.max(leftEnd, pdf.y)
}

/** The last y a table row may reach on a page: above the footer. */
const bottomOf = (pdf: Pdf) => pdf.page.height - MARGIN - FOOTER_HEIGHT

/** A page after the first: a thin heading naming the document, then the table header again. */
function continuationPage(pdf: Pdf, doc: TaxDocument, labels: Labels): number {
  pdf.addPage()
  const width = pdf.page.width - 2 * MARGIN
  pdf.font("Bold").fontSize(10).fillColor(INK).text(`${labels.title} ${doc.number} (continued)`, MARGIN, MARGIN, { width })
  hairline(pdf, pdf.y + 4, width, INK, 1)
  return pdf.y + 12
}

/** The lines table, flowing onto further pages with its header repeated; returns where it ends. */
function drawTable(pdf: Pdf, doc: TaxDocument, labels: Labels, y: number): number {
  const columns = columnsFor(doc.intraState, pdf.page.width - 2 * MARGIN)
  const width = tableWidthOf(columns)
  const headers = columns.map((column) => column.header)
  const header = (at: number) => at + drawRow(pdf, columns, headers, at, { bold: true, fill: INK, color: PAPER })

  y = header(y)
  doc.lines.forEach((line, index) => {
    const texts = columns.map((column) => column.cell(line, index))
    if (y + rowHeight(pdf, columns, texts, false) > bottomOf(pdf)) y = header(continuationPage(pdf, doc, labels))
    y += drawRow(pdf, columns, texts, y, { bold: false, fill: index % 2 === 1 ? ZEBRA : null, color: INK })
  })

  const totals = columns.map((column) => column.total(doc.totals))
  if (y + rowHeight(pdf, columns, totals, true) > bottomOf(pdf)) y = header(continuationPage(pdf, doc, labels))
  hairline(pdf, y, width, INK, 1)
  y += drawRow(pdf, columns, totals, y, { bold: true, fill: null, color: INK })
  hairline(pdf, y, width, INK, 1)
  return y
}

/** What the summary below the table needs, so it never splits across pages. */
const SUMMARY_HEIGHT = 210

/** Tax by kind and the document's total on the right, the amount in words and the notes below. */
function drawSummary(pdf: Pdf, doc: TaxDocument, labels: Labels, y: number) {
  if (y + SUMMARY_HEIGHT > bottomOf(pdf)) y = continuationPage(pdf, doc, labels)
  const width = pdf.page.width - 2 * MARGIN
  const boxWidth = 230
  const boxX = MARGIN + width - boxWidth
  const { totals } = doc
  const tax = totals.cgst + totals.sgst + totals.igst
  const taxRows: [string, number][] = doc.intraState
    ? [
        ["CGST", totals.cgst],
        ["SGST", totals.sgst],
      ]
    : [["IGST", totals.igst]]
  const rows: [string, number][] = [["Taxable value", totals.taxableValue], ...taxRows, ["Total tax", tax]]

  let at = y + 14
  for (const [label, amount] of rows) {
    pdf
      .font("Regular")
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, boxX, at, { width: boxWidth / 2 })
    pdf
      .font("Regular")
      .fontSize(9)
      .fillColor(INK)
      .text(formatPaise(amount), boxX + boxWidth / 2, at, { width: boxWidth / 2, align: "right" })
    at += 15
  }
  pdf.rect(boxX, at + 2, boxWidth, 26).fill(INK)
  pdf
    .font("Bold")
    .fontSize(11)
    .fillColor(PAPER)
    .text(labels.total, boxX + 8, at + 9, { width: boxWidth / 2 })
  pdf.text(formatPaise(totals.total), boxX + boxWidth / 2, at + 9, { width: boxWidth / 2 - 8, align: "right" })
  at += 42

  pdf.font("Bold").fontSize(8).fillColor(MUTED).text("Amount in words", MARGIN, at, { width })
  pdf.font("Bold").fontSize(10).fillColor(INK).text(amountInWords(totals.total), { width })
  pdf.moveDown(1)
  pdf.font("Regular").fontSize(8).fillColor(MUTED).text("Prices include GST.", { width })
  pdf.text("This is a computer-generated document and needs no signature.", { width })
}

/** Every page's foot: the seller and GSTIN on the left, "Page n of m" on the right. */
function drawFooters(pdf: Pdf, doc: TaxDocument) {
  const { start, count } = pdf.bufferedPageRange()
  for (let index = start; index < start + count; index++) {
    pdf.switchToPage(index)
    // Below the bottom margin: lift it, or PDFKit would start a new page for the text.
    pdf.page.margins.bottom = 0
    const width = pdf.page.width - 2 * MARGIN
    const y = pdf.page.height - MARGIN - 8
    hairline(pdf, y - 6, width)
    pdf.font("Regular").fontSize(7).fillColor(MUTED)
    pdf.text(`${doc.seller.legalName} · GSTIN ${doc.seller.gstin}`, MARGIN, y, { width: width * 0.7, lineBreak: false })
    pdf.text(`Page ${index - start + 1} of ${count}`, MARGIN + width * 0.7, y, { width: width * 0.3, align: "right", lineBreak: false })
  }
}

/** A tax invoice or credit note as an A4 PDF, the same bytes for the same document. */
export function renderTaxDocument(doc: TaxDocument): Promise<Buffer> {
  const labels = labelsFor(doc)
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    font: REGULAR,
    lang: "en-IN",
    displayTitle: true,
    // A fixed creation date keeps the file's bytes (its ID is derived from it) the same on every download.
    info: { Title: `${labels.title} ${doc.number}`, Author: doc.seller.legalName, Subject: `Order ${orderLabel(doc)}`, CreationDate: new Date(doc.issuedAt) },
  })
  const chunks: Buffer[] = []
  const rendered = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk))
    pdf.on("end", () => resolve(Buffer.concat(chunks)))
    pdf.on("error", reject)
  })
  pdf.registerFont("Regular", REGULAR)
  pdf.registerFont("Bold", BOLD)

  drawBand(pdf, doc, labels)
  let y = drawParties(pdf, doc, BAND_HEIGHT + 20) + 14
  hairline(pdf, y, pdf.page.width - 2 * MARGIN, INK, 1)
  y = drawBuyer(pdf, doc, y + 12) + 16
  y = drawTable(pdf, doc, labels, y)
  drawSummary(pdf, doc, labels, y)
  drawFooters(pdf, doc)
  pdf.end()
  return rendered
}
