import { BUYER_GSTIN_CHECK_FAILED, BUYER_GSTIN_LABEL, buyerGstinProblem, GSTIN_INVALID, gstinCheckCharacter } from "@fitshop/contracts"
import { fireEvent, render, screen } from "@testing-library/react"
import { useState } from "react"
import { describe, expect, it } from "vitest"
import { BuyerGstinField } from "./buyer-gstin"

const VALID = `29AAGCB7383J1Z${gstinCheckCharacter("29AAGCB7383J1Z")}`
const WRONG_CHECK = VALID.slice(0, 14) + (VALID.endsWith("A") ? "B" : "A")

function Harness() {
  const [value, setValue] = useState("")
  return <BuyerGstinField value={value} disabled={false} onChange={setValue} />
}

describe("BuyerGstinField", () => {
  it("is optional and labelled as ours", () => {
    render(<Harness />)
    expect(screen.getByLabelText(BUYER_GSTIN_LABEL)).toHaveValue("")
    expect(screen.queryByRole("alert")).not.toBeInTheDocument()
    expect(buyerGstinProblem("")).toBeNull()
  })

  it("says a complete GSTIN with a wrong check character is not valid, and a right one is", () => {
    render(<Harness />)
    const input = screen.getByLabelText(BUYER_GSTIN_LABEL)

    fireEvent.change(input, { target: { value: WRONG_CHECK.toLowerCase() } })
    expect(screen.getByRole("alert")).toHaveTextContent(BUYER_GSTIN_CHECK_FAILED)
    expect(input).toHaveAttribute("aria-invalid", "true")

    fireEvent.change(input, { target: { value: VALID.toLowerCase() } })
    expect(screen.queryByRole("alert")).not.toBeInTheDocument()
    expect(buyerGstinProblem(` ${VALID} `)).toBeNull()
    expect(buyerGstinProblem(WRONG_CHECK)).toBe(BUYER_GSTIN_CHECK_FAILED)
    expect(buyerGstinProblem("29AAGCB7383")).toBe(GSTIN_INVALID)
  })
})
