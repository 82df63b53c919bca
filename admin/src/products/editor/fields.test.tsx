import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { SelectField } from "./fields"

describe("SelectField", () => {
  it("keeps its label shrunk above the box while the placeholder shows, so the two never overlap", () => {
    render(<SelectField label="Fabric" value="" placeholder="Select…" choices={[{ value: "Cotton", label: "Cotton" }]} onChange={() => undefined} />)
    const label = screen.getByText("Fabric", { selector: "label" })
    expect(label).toHaveAttribute("data-shrink", "true")
    expect(screen.getByLabelText("Fabric")).toHaveDisplayValue("Select…")
  })
})
