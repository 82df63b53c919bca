import { fireEvent, screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { buildAddress } from "@/testing/address-factory"
import { calledUrls, errorResponse, jsonResponse, mockFetch, type FetchHandler } from "@/testing/mock-fetch"
import { buildProduct } from "@/testing/product-factory"
import { renderApp, renderAppSignedIn } from "@/testing/test-utils"
import { PINCODE_INVALID, type Serviceability } from "@fitshop/contracts"

const product = buildProduct({ title: "Promise Hoodie" })
const productAnswer = () => jsonResponse({ product, recommendations: { more: [], alsoLike: [] } })

const served = (pincode: string, overrides: Partial<Serviceability> = {}): Serviceability => ({
  pincode,
  deliverable: true,
  codAvailable: true,
  estimatedDelivery: "2026-12-01",
  city: "Mumbai",
  state: "Maharashtra",
  ...overrides,
})

/** The product page, with GET /api/serviceability answered by `serviceability`. */
function open(serviceability: (pincode: string) => Response): ReturnType<typeof mockFetch> {
  const fetchMock = mockFetch(answering(serviceability))
  renderApp(`/product/${product.id}`)
  return fetchMock
}

const answering =
  (serviceability: (pincode: string) => Response, rest: FetchHandler = () => errorResponse("Not found", 404)): FetchHandler =>
  (url, init) => {
    if (url.pathname === `/api/products/${product.id}`) return productAnswer()
    if (url.pathname === "/api/serviceability") return serviceability(url.searchParams.get("pincode") ?? "")
    return rest(url, init)
  }

async function check(pincode: string) {
  fireEvent.change(await screen.findByLabelText("Pincode"), { target: { value: pincode } })
  fireEvent.click(screen.getByRole("button", { name: "Check" }))
}

describe("the product page's delivery promise", () => {
  it("names the delivery day and cash on delivery with its fee for a pincode, and remembers the pincode on this device", async () => {
    const fetchMock = open((pincode) => jsonResponse(served(pincode)))
    await check("400 050")

    expect(await screen.findByText("Delivery by Tue, 1 Dec")).toBeInTheDocument()
    expect(screen.getByText("Cash on delivery available (+₹100.00 COD fee)")).toBeInTheDocument()
    expect(calledUrls(fetchMock, "/api/serviceability").map((url) => url.searchParams.get("pincode"))).toEqual(["400050"])
    expect(window.localStorage.getItem("delivery_pincode")).toBe("400050")
  })

  it("says so for a pincode without cash on delivery, and for one no courier serves", async () => {
    open((pincode) =>
      jsonResponse(
        pincode === "110099" ? served(pincode, { codAvailable: false }) : served(pincode, { deliverable: false, codAvailable: false, estimatedDelivery: null }),
      ),
    )
    await check("110099")
    expect(await screen.findByText("Cash on delivery not available for 110099")).toBeInTheDocument()

    await check("799999")
    expect(await screen.findByText("We don't deliver to 799999 yet.")).toBeInTheDocument()
    expect(screen.queryByText(/^Delivery by/)).toBeNull()
  })

  it("refuses a malformed pincode without asking, and promises nothing when delivery can't be checked", async () => {
    const fetchMock = open(() => errorResponse("We can't check delivery right now.", 503))
    await check("012345")
    expect(await screen.findByRole("alert")).toHaveTextContent(PINCODE_INVALID)
    expect(calledUrls(fetchMock, "/api/serviceability")).toEqual([])

    await check("560001")
    await waitFor(() => expect(calledUrls(fetchMock, "/api/serviceability")).toHaveLength(1))
    expect(screen.queryByText(/^Delivery by|Cash on delivery/)).toBeNull()
  })

  it("starts from the signed-in shopper's default address", async () => {
    const addresses = [buildAddress({ postalCode: "560001", isDefault: false }), buildAddress({ postalCode: "400050", isDefault: true })]
    renderAppSignedIn(
      `/product/${product.id}`,
      answering(
        (pincode) => jsonResponse(served(pincode)),
        (url) => (url.pathname === "/api/addresses" ? jsonResponse({ addresses }) : errorResponse("Not found", 404)),
      ),
    )
    expect(await screen.findByText("Delivery by Tue, 1 Dec")).toBeInTheDocument()
    expect(screen.getByLabelText("Pincode")).toHaveAttribute("placeholder", "400050")
  })
})
