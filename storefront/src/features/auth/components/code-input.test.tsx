import { fireEvent, render, screen } from "@testing-library/react"
import { useState } from "react"
import { describe, expect, it } from "vitest"
import { CodeInput, emptyCode } from "./code-input"

function Harness() {
  const [digits, setDigits] = useState(emptyCode)
  return (
    <>
      <CodeInput digits={digits} onChange={setDigits} />
      <output data-testid="code">{digits.join("")}</output>
    </>
  )
}

const box = (position: number) => screen.getByRole("textbox", { name: `Digit ${String(position)}` })
const code = () => screen.getByTestId("code").textContent

describe("CodeInput", () => {
  it("renders six numeric one-character boxes labelled Digit 1 to Digit 6", () => {
    render(<Harness />)

    const boxes = screen.getAllByRole("textbox")
    expect(boxes.map((element) => element.getAttribute("aria-label"))).toEqual(["Digit 1", "Digit 2", "Digit 3", "Digit 4", "Digit 5", "Digit 6"])
    for (const element of boxes) {
      expect(element).toHaveAttribute("inputmode", "numeric")
      expect(element).toHaveAttribute("maxlength", "1")
    }
  })

  it("moves to the next box after a digit", () => {
    render(<Harness />)

    box(1).focus()
    fireEvent.change(box(1), { target: { value: "4" } })
    expect(box(2)).toHaveFocus()
    fireEvent.change(box(2), { target: { value: "7" } })
    expect(box(3)).toHaveFocus()
    expect(code()).toBe("47")
  })

  it("ignores characters that are not digits", () => {
    render(<Harness />)

    box(1).focus()
    fireEvent.change(box(1), { target: { value: "a" } })
    expect(box(1)).toHaveValue("")
    expect(box(1)).toHaveFocus()
  })

  it("replaces a digit typed over an existing one", () => {
    render(<Harness />)

    fireEvent.change(box(1), { target: { value: "4" } })
    fireEvent.change(box(1), { target: { value: "49" } })
    expect(box(1)).toHaveValue("9")
  })

  it("goes back on Backspace in an empty box", () => {
    render(<Harness />)

    fireEvent.change(box(1), { target: { value: "4" } })
    expect(box(2)).toHaveFocus()
    fireEvent.keyDown(box(2), { key: "Backspace" })
    expect(box(1)).toHaveFocus()
    expect(code()).toBe("4")
  })

  it("stays put on Backspace in a filled box", () => {
    render(<Harness />)

    fireEvent.change(box(1), { target: { value: "4" } })
    fireEvent.change(box(2), { target: { value: "5" } })
    box(2).focus()
    fireEvent.keyDown(box(2), { key: "Backspace" })
    expect(box(2)).toHaveFocus()
  })

  it("fills all six boxes from a pasted code", () => {
    render(<Harness />)

    fireEvent.paste(box(3), { clipboardData: { getData: () => " 123-456 " } })
    expect(code()).toBe("123456")
    expect(screen.getAllByRole("textbox").map((element) => (element as HTMLInputElement).value)).toEqual(["1", "2", "3", "4", "5", "6"])
    expect(box(6)).toHaveFocus()
  })

  it("fills all six boxes when a whole code lands in one box", () => {
    render(<Harness />)

    fireEvent.change(box(1), { target: { value: "654321" } })
    expect(code()).toBe("654321")
  })
})
