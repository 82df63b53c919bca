import { describe, expect, it } from "vitest"
import { attachmentName } from "./download-file"

describe("attachmentName", () => {
  it("reads the file name of an attachment, quoted or not", () => {
    expect(attachmentName('attachment; filename="invoice-BYF-26-27-000123.pdf"')).toBe("invoice-BYF-26-27-000123.pdf")
    expect(attachmentName("attachment; filename=credit-note.pdf")).toBe("credit-note.pdf")
  })

  it("answers null without a header or a name", () => {
    expect(attachmentName(null)).toBeNull()
    expect(attachmentName("attachment")).toBeNull()
  })
})
