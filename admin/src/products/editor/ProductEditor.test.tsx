import { fireEvent, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { adminProduct, productVariant } from "../../testing/admin-product"
import { callsTo, stubRoutes } from "../../testing/route-fetch"
import { renderWithDataProvider } from "../../testing/render-console"
import { DRAFT_KEY, writeDraft } from "./autosave"
import { EMPTY_FORM } from "./form-state"
import { ProductEditor } from "./ProductEditor"

const saved = adminProduct({ id: "prod_9", version: 1, title: "Boxy tee", basePrice: 79900, status: "DRAFT" })

const basicsDone = { ...EMPTY_FORM, title: "Boxy tee", price: "799", categoryType: "UPPERS" as const, subcategory: "Regular" }

const change = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

const openStep = (name: string) => fireEvent.click(screen.getByRole("tab", { name }))

/** The Review step's line for `label` ("Returns: Returnable"). */
const reviewLine = (label: string) => screen.getByText(`${label}:`).parentElement

const MANUFACTURER = "Loom Works Pvt Ltd, Plot 12, MIDC, Tiruppur 641604"

const RETURNABLE_HINT = "Shoppers can return or exchange it within the return window after delivery."

describe("ProductEditor: a new product", { timeout: 20_000 }, () => {
  it("shows Basics' messages and opens Next only once the step is valid", async () => {
    stubRoutes({ "GET /api/admin/config/sizes": { status: 200, body: { items: [] } } })
    renderWithDataProvider(<ProductEditor />)

    expect(screen.getByRole("heading", { name: "Add Product" })).toBeInTheDocument()
    expect(screen.getByText("Product name is required")).toBeInTheDocument()
    expect(screen.getByText("Enter a valid price (₹)")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled()
    expect(screen.getByRole("tab", { name: "Media" })).toBeDisabled()

    change("Product name", "Boxy tee")
    change("Price (₹)", "799")
    change("Category Type", "UPPERS")
    expect(screen.getByText("Select Subcategory")).toBeInTheDocument()
    change("Subcategory", "Oversized")
    fireEvent.click(screen.getByRole("button", { name: "Next" }))

    expect(await screen.findByRole("checkbox", { name: "XXXL" })).toBeInTheDocument()
    expect(screen.getByText("Select at least one size and provide inventory")).toBeInTheDocument()
  })

  it("hides the men's category fields for a woman's product and asks for her style group", () => {
    stubRoutes({})
    renderWithDataProvider(<ProductEditor />)

    change("Category Type", "LOWERS")
    change("Gender", "WOMEN")

    expect(screen.queryByLabelText("Category Type")).not.toBeInTheDocument()
    expect(screen.getByText("Select Category (Western / Traditions)")).toBeInTheDocument()
    change("Category (Western / Traditions)", "WESTERN")
    expect(screen.queryByText("Select Category (Western / Traditions)")).not.toBeInTheDocument()
  })

  it("refuses to publish with the first failing step's message", () => {
    stubRoutes({})
    renderWithDataProvider(<ProductEditor />)

    fireEvent.click(screen.getByRole("button", { name: "Publish" }))
    expect(screen.getByRole("alert")).toHaveTextContent("Fix “Basics”: Product name is required")

    change("Product name", "Boxy tee")
    change("Price (₹)", "799")
    change("Category Type", "UPPERS")
    change("Subcategory", "Regular")
    fireEvent.click(screen.getByRole("button", { name: "Publish" }))
    expect(screen.getByRole("alert")).toHaveTextContent("Fix “Sizes & Inventory”: Select at least one size and provide inventory")
  })

  it("restores the autosaved draft, saves it, shows Saved draft for 2 s and starts afresh", async () => {
    writeDraft(basicsDone)
    const fetchMock = stubRoutes({ "POST /api/admin/products": { status: 201, body: { product: saved } } })
    renderWithDataProvider(<ProductEditor />)
    expect(screen.getByLabelText("Product name")).toHaveValue("Boxy tee")

    fireEvent.click(screen.getByRole("button", { name: "Save draft" }))

    expect(await screen.findByText("Saved draft")).toBeInTheDocument()
    expect(callsTo(fetchMock, "POST /api/admin/products")[0]?.body).toMatchObject({
      title: "Boxy tee",
      price: 799,
      status: "DRAFT",
      gender: "MEN",
      returnable: true,
    })
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
    expect(screen.getByLabelText("Product name")).toHaveValue("")
    await waitFor(() => expect(screen.queryByText("Saved draft")).not.toBeInTheDocument(), { timeout: 3000 })
  })

  it("shows the server's message when a save fails, else Save failed", async () => {
    writeDraft(basicsDone)
    stubRoutes({ "POST /api/admin/products": { status: 400, body: { error: "invalid", message: "title: too long" } } })
    const { unmount } = renderWithDataProvider(<ProductEditor />)
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }))
    expect(await screen.findByText("title: too long")).toBeInTheDocument()
    unmount()

    stubRoutes({ "POST /api/admin/products": { status: 500, body: {} } })
    renderWithDataProvider(<ProductEditor />)
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }))
    expect(await screen.findByText("Save failed")).toBeInTheDocument()
  })

  it("applies bulk stock to the selected sizes and shows measurements in cm or inches", async () => {
    writeDraft(basicsDone)
    stubRoutes({ "GET /api/admin/config/sizes": { status: 200, body: { items: ["S", "M", "L"] } } })
    renderWithDataProvider(<ProductEditor />)
    fireEvent.click(screen.getByRole("tab", { name: "Sizes & Inventory" }))

    fireEvent.click(await screen.findByRole("checkbox", { name: "M" }))
    fireEvent.click(screen.getByRole("checkbox", { name: "L" }))
    change("Bulk stock", "7")
    fireEvent.click(screen.getByRole("button", { name: "Apply to selected sizes" }))
    expect(screen.getByLabelText("Stock (M)")).toHaveValue("7")
    expect(screen.getByLabelText("Stock (L)")).toHaveValue("7")
    expect(screen.queryByRole("checkbox", { name: "XS" })).not.toBeInTheDocument()

    change("Chest M (in)", "40")
    fireEvent.click(screen.getByRole("button", { name: "cm" }))
    expect(screen.getByLabelText("Chest M (cm)")).toHaveValue("101.6")
    change("Chest M (cm)", "100")
    fireEvent.click(screen.getByRole("button", { name: "inch" }))
    expect(screen.getByLabelText("Chest M (in)")).toHaveValue("39.3701")

    change("Stock (L)", "two")
    expect(screen.getByText("Stock must be numbers")).toBeInTheDocument()
  })
})

const product = adminProduct({
  ...saved,
  version: 3,
  status: "LIVE",
  gender: "WOMEN",
  styleGroup: "WESTERN",
  categoryType: "UPPERS",
  subcategory: "Regular",
  images: [{ url: "/media/tee.jpg", altText: "Front", isPrimary: true, position: 1 }],
  videos: [],
  variants: [productVariant({ size: "M", stockOnHand: 4, measurements: { chest: 40, unit: "in" } })],
  countryOfOrigin: "India",
  manufacturer: MANUFACTURER,
})

describe("ProductEditor: an existing product", { timeout: 20_000 }, () => {
  it("loads the product and saves with the version it was read at", async () => {
    const fetchMock = stubRoutes({
      "GET /api/admin/products/prod_9": { status: 200, body: { product } },
      "PUT /api/admin/products/prod_9": { status: 200, body: { product: { ...product, version: 4 } } },
    })
    renderWithDataProvider(<ProductEditor productId="prod_9" />)

    expect(await screen.findByRole("heading", { name: "Edit Product" })).toBeInTheDocument()
    expect(await screen.findByLabelText("Product name")).toHaveValue("Boxy tee")
    expect(screen.getByLabelText("Price (₹)")).toHaveValue("799")
    fireEvent.click(screen.getByRole("button", { name: "Publish" }))

    expect(await screen.findByText("Published")).toBeInTheDocument()
    expect(callsTo(fetchMock, "PUT /api/admin/products/prod_9")[0]?.body).toMatchObject({
      version: 3,
      product: { title: "Boxy tee", price: 799, status: "LIVE", styleGroup: "WESTERN", sizes: [{ size: "M", stock: 4 }] },
    })
  })

  it("shows the server's message for a stale version (409)", async () => {
    stubRoutes({
      "GET /api/admin/products/prod_9": { status: 200, body: { product } },
      "PUT /api/admin/products/prod_9": { status: 409, body: { error: "conflict", message: "This product changed meanwhile. Reload it." } },
    })
    renderWithDataProvider(<ProductEditor productId="prod_9" />)
    fireEvent.click(await screen.findByRole("button", { name: "Save draft" }))
    expect(await screen.findByText("This product changed meanwhile. Reload it.")).toBeInTheDocument()
  })

  it("says Failed to load product when it cannot be read", async () => {
    stubRoutes({ "GET /api/admin/products/prod_9": { status: 500, body: {} } })
    renderWithDataProvider(<ProductEditor productId="prod_9" />)
    expect(await screen.findByText("Failed to load product")).toBeInTheDocument()
  })
})

describe("ProductEditor: returns", { timeout: 20_000 }, () => {
  const image = { key: "a", kind: "image" as const, url: "/media/a.jpg", altText: "", isPrimary: true, uploading: false, progress: 1 }
  const complete = { ...basicsDone, sizes: [{ size: "M", stock: "5", measurements: {} }], media: [image], countryOfOrigin: "India", manufacturer: MANUFACTURER }

  it("offers Returnable, checked, on Tax & Weight; unchecked, the review says so and the save sends returnable: false", async () => {
    writeDraft(complete)
    const fetchMock = stubRoutes({ "POST /api/admin/products": { status: 201, body: { product: saved } } })
    renderWithDataProvider(<ProductEditor />)

    openStep("Tax & Weight")
    const returnable = screen.getByRole("checkbox", { name: "Returnable" })
    expect(returnable).toBeChecked()
    expect(returnable).toHaveAccessibleDescription(RETURNABLE_HINT)
    openStep("Review & Publish")
    expect(reviewLine("Returns")).toHaveTextContent(/^Returns: Returnable$/)

    openStep("Tax & Weight")
    fireEvent.click(screen.getByRole("checkbox", { name: "Returnable" }))
    expect(screen.getByRole("checkbox", { name: "Returnable" })).not.toBeChecked()
    openStep("Review & Publish")
    expect(reviewLine("Returns")).toHaveTextContent(/^Returns: Not returnable$/)

    fireEvent.click(screen.getByRole("button", { name: "Save draft" }))
    expect(await screen.findByText("Saved draft")).toBeInTheDocument()
    expect(callsTo(fetchMock, "POST /api/admin/products")[0]?.body).toMatchObject({ title: "Boxy tee", status: "DRAFT", returnable: false })
  })

  it("loads a product marked not returnable unchecked, and keeps it so on save", async () => {
    const notReturnable = { ...product, returnable: false }
    const fetchMock = stubRoutes({
      "GET /api/admin/products/prod_9": { status: 200, body: { product: notReturnable } },
      "PUT /api/admin/products/prod_9": { status: 200, body: { product: { ...notReturnable, version: 4 } } },
    })
    renderWithDataProvider(<ProductEditor productId="prod_9" />)
    expect(await screen.findByLabelText("Product name")).toHaveValue("Boxy tee")

    openStep("Tax & Weight")
    expect(screen.getByRole("checkbox", { name: "Returnable" })).not.toBeChecked()
    openStep("Review & Publish")
    expect(reviewLine("Returns")).toHaveTextContent(/^Returns: Not returnable$/)

    fireEvent.click(screen.getByRole("button", { name: "Publish" }))
    expect(await screen.findByText("Published")).toBeInTheDocument()
    expect(callsTo(fetchMock, "PUT /api/admin/products/prod_9")[0]?.body).toMatchObject({ version: 3, product: { status: "LIVE", returnable: false } })
  })
})

describe("ProductEditor: declarations", { timeout: 20_000 }, () => {
  const image = { key: "a", kind: "image" as const, url: "/media/a.jpg", altText: "", isPrimary: true, uploading: false, progress: 1 }
  const undeclared = { ...basicsDone, sizes: [{ size: "M", stock: "5", measurements: {} }], media: [image] }

  it("asks for the country of origin and the manufacturer on Tax & Weight before publishing, and sends them", async () => {
    writeDraft(undeclared)
    const fetchMock = stubRoutes({ "POST /api/admin/products": { status: 201, body: { product: { ...product, status: "LIVE" } } } })
    renderWithDataProvider(<ProductEditor />)

    fireEvent.click(screen.getByRole("button", { name: "Publish" }))
    expect(screen.getByRole("alert")).toHaveTextContent("Fix “Tax & Weight”: Enter the country of origin")
    expect(callsTo(fetchMock, "POST /api/admin/products")).toHaveLength(0)

    openStep("Tax & Weight")
    change("Country of origin", "India")
    change(/^Manufacturer \/ packer \/ importer/, MANUFACTURER)
    openStep("Review & Publish")
    expect(reviewLine("Country of origin")).toHaveTextContent(/^Country of origin: India$/)
    expect(reviewLine("Manufacturer / packer / importer")).toHaveTextContent(`Manufacturer / packer / importer: ${MANUFACTURER}`)

    fireEvent.click(screen.getByRole("button", { name: "Publish" }))
    expect(await screen.findByText("Published")).toBeInTheDocument()
    expect(callsTo(fetchMock, "POST /api/admin/products")[0]?.body).toMatchObject({ status: "LIVE", countryOfOrigin: "India", manufacturer: MANUFACTURER })
  })

  it("loads a product's declarations and saves them as they were", async () => {
    const fetchMock = stubRoutes({
      "GET /api/admin/products/prod_9": { status: 200, body: { product } },
      "PUT /api/admin/products/prod_9": { status: 200, body: { product: { ...product, version: 4 } } },
    })
    renderWithDataProvider(<ProductEditor productId="prod_9" />)
    expect(await screen.findByLabelText("Product name")).toHaveValue("Boxy tee")

    openStep("Tax & Weight")
    expect(screen.getByLabelText("Country of origin")).toHaveValue("India")
    expect(screen.getByLabelText(/^Manufacturer \/ packer \/ importer/)).toHaveValue(MANUFACTURER)

    fireEvent.click(screen.getByRole("button", { name: "Save draft" }))
    expect(await screen.findByText("Saved draft")).toBeInTheDocument()
    expect(callsTo(fetchMock, "PUT /api/admin/products/prod_9")[0]?.body).toMatchObject({
      version: 3,
      product: { countryOfOrigin: "India", manufacturer: MANUFACTURER },
    })
  })
})
