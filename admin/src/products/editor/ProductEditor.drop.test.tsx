import { DROP_MESSAGES } from "@fitshop/contracts"
import { fireEvent, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { adminProduct, productVariant } from "../../testing/admin-product"
import { callsTo, stubRoutes } from "../../testing/route-fetch"
import { renderWithDataProvider } from "../../testing/render-console"
import { writeDraft } from "./autosave"
import { indiaLocalToIso, isoToIndiaLocal } from "./drop-time"
import { EMPTY_FORM } from "./form-state"
import { ProductEditor } from "./ProductEditor"

const MANUFACTURER = "Loom Works Pvt Ltd, Plot 12, MIDC, Tiruppur 641604"
const image = { key: "a", kind: "image" as const, url: "/media/a.jpg", altText: "", isPrimary: true, uploading: false, progress: 1 }
const complete = {
  ...EMPTY_FORM,
  title: "Boxy tee",
  price: "799",
  categoryType: "UPPERS" as const,
  subcategory: "Regular",
  sizes: [{ size: "M", stock: "5", measurements: {} }],
  media: [image],
  countryOfOrigin: "India",
  manufacturer: MANUFACTURER,
}

const change = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const openStep = (name: string) => fireEvent.click(screen.getByRole("tab", { name }))
const reviewLine = (label: string) => screen.getByText(`${label}:`).parentElement

describe("a drop's start in India time", () => {
  it("turns the editor's local time into an instant at +05:30 and back, across the UTC date line", () => {
    expect(indiaLocalToIso("2026-12-24T20:00")).toBe("2026-12-24T20:00:00+05:30")
    expect(indiaLocalToIso("2027-01-01T00:15:30")).toBe("2027-01-01T00:15:30+05:30")
    expect(isoToIndiaLocal("2026-12-31T18:45:00Z")).toBe("2027-01-01T00:15")
    expect(isoToIndiaLocal("2026-12-24T20:00:00+05:30")).toBe("2026-12-24T20:00")
    expect(isoToIndiaLocal("soon")).toBe("")
    // What the contract must refuse is passed on as typed.
    expect(indiaLocalToIso("")).toBe("")
  })
})

describe("ProductEditor: a scheduled drop", { timeout: 20_000 }, () => {
  it("offers the drop on Sizes & Inventory, limit 1 by default; the review reads it back and the save sends it at +05:30", async () => {
    writeDraft(complete)
    const saved = adminProduct({ id: "prod_9", version: 1, title: "Boxy tee", status: "DRAFT" })
    const fetchMock = stubRoutes({ "POST /api/admin/products": { status: 201, body: { product: saved } } })
    renderWithDataProvider(<ProductEditor />)

    openStep("Sizes & Inventory")
    expect(screen.queryByLabelText("Opens at (India time)")).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole("checkbox", { name: "Scheduled drop" }))
    expect(screen.getByLabelText("Limit per shopper")).toHaveValue(1)
    expect(screen.getByText(DROP_MESSAGES.startsAt)).toBeInTheDocument()

    change("Opens at (India time)", "2026-12-24T20:00")
    expect(screen.queryByText(DROP_MESSAGES.startsAt)).not.toBeInTheDocument()
    expect(screen.getByRole("checkbox", { name: "Scheduled drop" })).toHaveAccessibleDescription(
      "Until then, ADD TO BAG answers “This drop opens at 24 Dec 2026, 8:00 pm IST”.",
    )
    change("Limit per shopper", "0")
    expect(screen.getByText(DROP_MESSAGES.limit)).toBeInTheDocument()
    change("Limit per shopper", "2")
    expect(screen.queryByText(DROP_MESSAGES.limit)).not.toBeInTheDocument()

    openStep("Review & Publish")
    expect(reviewLine("Drop")).toHaveTextContent(/^Drop: Opens 24 Dec 2026, 8:00 pm IST, 2 per shopper$/)
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }))
    expect(await screen.findByText("Saved draft")).toBeInTheDocument()
    expect(callsTo(fetchMock, "POST /api/admin/products")[0]?.body).toMatchObject({
      status: "DRAFT",
      drop: { startsAt: "2026-12-24T20:00:00+05:30", limitPerShopper: 2 },
    })
  })

  it("loads a product's drop in India time, and unchecking it saves drop: null with the version read", async () => {
    const product = adminProduct({
      id: "prod_9",
      version: 3,
      title: "Boxy tee",
      status: "DRAFT",
      categoryType: "UPPERS",
      subcategory: "Regular",
      images: [{ url: "/media/tee.jpg", altText: "Front", isPrimary: true, position: 1 }],
      variants: [productVariant({ size: "M", stockOnHand: 4 })],
      countryOfOrigin: "India",
      manufacturer: MANUFACTURER,
      drop: { startsAt: "2026-12-31T18:45:00Z", limitPerShopper: 3 },
    })
    const fetchMock = stubRoutes({
      "GET /api/admin/products/prod_9": { status: 200, body: { product } },
      "PUT /api/admin/products/prod_9": { status: 200, body: { product: { ...product, version: 4, drop: null } } },
    })
    renderWithDataProvider(<ProductEditor productId="prod_9" />)
    expect(await screen.findByLabelText("Product name")).toHaveValue("Boxy tee")

    openStep("Sizes & Inventory")
    expect(screen.getByRole("checkbox", { name: "Scheduled drop" })).toBeChecked()
    expect(screen.getByLabelText("Opens at (India time)")).toHaveValue("2027-01-01T00:15")
    expect(screen.getByLabelText("Limit per shopper")).toHaveValue(3)
    openStep("Review & Publish")
    expect(reviewLine("Drop")).toHaveTextContent(/^Drop: Opens 1 Jan 2027, 12:15 am IST, 3 per shopper$/)

    openStep("Sizes & Inventory")
    fireEvent.click(screen.getByRole("checkbox", { name: "Scheduled drop" }))
    openStep("Review & Publish")
    expect(reviewLine("Drop")).toHaveTextContent(/^Drop: Not a drop$/)
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }))
    expect(await screen.findByText("Saved draft")).toBeInTheDocument()
    expect(callsTo(fetchMock, "PUT /api/admin/products/prod_9")[0]?.body).toMatchObject({ version: 3, product: { drop: null } })
  })
})
