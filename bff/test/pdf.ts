import { PDFParse } from "pdf-parse"

/** A PDF read back as a reader's tool would: its text with runs of whitespace made one space (a wrapped cell reads on one line), its page count and its metadata. */
export async function readPdf(pdf: Buffer | Uint8Array) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) })
  try {
    const { text, total } = await parser.getText()
    const { info } = await parser.getInfo()
    return { text: text.replace(/\s+/g, " "), pages: total, info: info as Record<string, unknown> | undefined }
  } finally {
    await parser.destroy()
  }
}
