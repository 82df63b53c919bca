import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { buildAddress } from "@/testing/address-factory"
import { answerRoutes, callsTo, errorResponse, jsonResponse, sentBody, type ApiRoute } from "@/testing/mock-fetch"
import { renderAppSignedIn } from "@/testing/test-utils"
import type { Address } from "@/types/address"

/** A signed-in shopper on the Address tab; GET /api/addresses answers `addresses()` each time. */
function openAddressTab(addresses: () => Address[], routes: ApiRoute[] = []) {
  return renderAppSignedIn(
    "/account?tab=address",
    answerRoutes([{ method: "GET", path: "/api/addresses", answer: () => jsonResponse({ addresses: addresses() }) }, ...routes]),
  )
}

const findAddress = (label: string) => screen.findByRole("listitem", { name: label })

const fill = (scope: HTMLElement, label: string, value: string) => {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } })
}

function fillRequired(dialog: HTMLElement) {
  fill(dialog, "Full name", "Asha Rao")
  fill(dialog, "Phone", "9876543210")
  fill(dialog, "Address line 1", "12 MG Road")
  fill(dialog, "City", "Bengaluru")
  fill(dialog, "State", "Karnataka")
  fill(dialog, "Pincode", "560001")
}

describe("/account Address tab", () => {
  it("lists the saved addresses with the default marked, and no Set as default on it", async () => {
    const home = buildAddress({ label: "Home", isDefault: true, line2: "Near the metro", fullName: "Asha Rao" })
    const office = buildAddress({ label: "Office", city: "Pune", state: "Maharashtra", postalCode: "411001" })
    openAddressTab(() => [home, office])

    const homeCard = await findAddress("Home")
    expect(screen.getByRole("tab", { name: "Address" })).toHaveAttribute("aria-selected", "true")
    expect(within(homeCard).getByText("Default")).toBeInTheDocument()
    expect(homeCard).toHaveTextContent("Asha Rao")
    expect(homeCard).toHaveTextContent("Near the metro")
    expect(homeCard).toHaveTextContent("Bengaluru, Karnataka, 560001")
    expect(within(homeCard).queryByRole("button", { name: "Set as default" })).toBeNull()
    const officeCard = await findAddress("Office")
    expect(within(officeCard).queryByText("Default")).toBeNull()
    expect(officeCard).toHaveTextContent("Pune, Maharashtra, 411001")
    expect(within(officeCard).getByRole("button", { name: "Set as default" })).toBeInTheDocument()
  })

  it("shows 'Failed to load addresses' when the list cannot be loaded", async () => {
    renderAppSignedIn("/account?tab=address", () => errorResponse("Database unavailable", 500))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Failed to load addresses$/)
  })

  it("says when there are no saved addresses yet", async () => {
    openAddressTab(() => [])

    expect(await screen.findByText("No saved addresses yet.")).toBeInTheDocument()
  })
})

describe("/account address dialog", () => {
  it("opens in add mode labelled Home in India, and refuses to save without the required fields", async () => {
    const fetchMock = openAddressTab(() => [])
    fireEvent.click(await screen.findByRole("button", { name: "Add address" }))

    const dialog = screen.getByRole("dialog", { name: "Add address" })
    expect(within(dialog).getByLabelText("Label")).toHaveValue("Home")
    expect(within(dialog).getByLabelText("Country")).toHaveValue("India")
    expect(within(dialog).getByLabelText("Full name")).toHaveValue("")
    expect(within(dialog).getByRole("checkbox", { name: "Make this my default address" })).not.toBeChecked()
    fill(dialog, "Full name", "Asha Rao")
    fill(dialog, "Address line 1", "12 MG Road")
    fill(dialog, "City", "   ")

    fireEvent.click(within(dialog).getByRole("button", { name: "Save address" }))

    expect(within(dialog).getByRole("alert")).toHaveTextContent(/^Please fill all required fields\.$/)
    expect(within(dialog).getByLabelText("City")).toHaveAttribute("aria-invalid", "true")
    expect(within(dialog).getByLabelText("State")).toHaveAttribute("aria-invalid", "true")
    expect(within(dialog).getByLabelText("Pincode")).toHaveAttribute("aria-invalid", "true")
    expect(within(dialog).getByLabelText("Address line 1")).not.toHaveAttribute("aria-invalid")
    expect(callsTo(fetchMock, "POST", "/api/addresses")).toHaveLength(0)
  })

  it("saves a new address, closes the dialog and shows it in the reloaded list", async () => {
    let addresses: Address[] = []
    const fetchMock = openAddressTab(
      () => addresses,
      [
        {
          method: "POST",
          path: "/api/addresses",
          answer: () => {
            const address = buildAddress({ fullName: "Asha Rao", line1: "12 MG Road", isDefault: true })
            addresses = [address]
            return jsonResponse({ address }, 201)
          },
        },
      ],
    )
    fireEvent.click(await screen.findByRole("button", { name: "Add address" }))
    const dialog = screen.getByRole("dialog", { name: "Add address" })
    fillRequired(dialog)
    fill(dialog, "Address line 2", "  ")
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Make this my default address" }))

    fireEvent.click(within(dialog).getByRole("button", { name: "Save address" }))

    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull()
    })
    expect(sentBody(fetchMock, "POST", "/api/addresses")).toEqual({
      label: "Home",
      fullName: "Asha Rao",
      phone: "9876543210",
      line1: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
      isDefault: true,
    })
    expect(within(await findAddress("Home")).getByText("Default")).toBeInTheDocument()
  })

  it("shows the server's text, else 'Could not save address', and keeps the dialog open", async () => {
    let answer = errorResponse("Enter a 10-digit phone number", 400)
    openAddressTab(() => [], [{ method: "POST", path: "/api/addresses", answer: () => answer }])
    fireEvent.click(await screen.findByRole("button", { name: "Add address" }))
    const dialog = screen.getByRole("dialog", { name: "Add address" })
    fillRequired(dialog)

    fireEvent.click(within(dialog).getByRole("button", { name: "Save address" }))
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^Enter a 10-digit phone number$/)

    answer = new Response("", { status: 500 })
    fireEvent.click(within(dialog).getByRole("button", { name: "Save address" }))
    expect(await within(dialog).findByText("Could not save address")).toBeInTheDocument()
    expect(screen.getByRole("dialog", { name: "Add address" })).toBeInTheDocument()
  })

  it("opens in edit mode with the address filled in and sends the whole address with PUT", async () => {
    const office = buildAddress({ label: "Office", line2: "Floor 3", city: "Pune", state: "Maharashtra", postalCode: "411001" })
    let addresses = [office]
    const fetchMock = openAddressTab(
      () => addresses,
      [
        {
          method: "PUT",
          path: `/api/addresses/${office.id}`,
          answer: () => {
            addresses = [{ ...office, city: "Mumbai" }]
            return jsonResponse({ address: addresses[0] })
          },
        },
      ],
    )

    fireEvent.click(within(await findAddress("Office")).getByRole("button", { name: "Edit" }))

    const dialog = screen.getByRole("dialog", { name: "Edit address" })
    expect(within(dialog).getByLabelText("Label")).toHaveValue("Office")
    expect(within(dialog).getByLabelText("Address line 2")).toHaveValue("Floor 3")
    expect(within(dialog).getByLabelText("Pincode")).toHaveValue("411001")
    expect(within(dialog).queryByRole("button", { name: "Save address" })).toBeNull()
    fill(dialog, "City", "Mumbai")
    fireEvent.click(within(dialog).getByRole("button", { name: "Save changes" }))

    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull()
    })
    expect(sentBody(fetchMock, "PUT", `/api/addresses/${office.id}`)).toEqual({
      label: "Office",
      fullName: office.fullName,
      phone: office.phone,
      line1: office.line1,
      line2: "Floor 3",
      city: "Mumbai",
      state: "Maharashtra",
      postalCode: "411001",
      country: "India",
      isDefault: false,
    })
    expect(await findAddress("Office")).toHaveTextContent("Mumbai, Maharashtra, 411001")
  })

  it("closes without saving on Cancel", async () => {
    const fetchMock = openAddressTab(() => [])
    fireEvent.click(await screen.findByRole("button", { name: "Add address" }))

    fireEvent.click(within(screen.getByRole("dialog", { name: "Add address" })).getByRole("button", { name: "Cancel" }))

    expect(screen.queryByRole("dialog")).toBeNull()
    expect(callsTo(fetchMock, "POST", "/api/addresses")).toHaveLength(0)
  })
})

describe("/account address delete and default", () => {
  it("deletes an address and sets another as the default", async () => {
    const home = buildAddress({ label: "Home", isDefault: true })
    const office = buildAddress({ label: "Office" })
    const flat = buildAddress({ label: "Flat" })
    let addresses = [home, office, flat]
    const fetchMock = openAddressTab(
      () => addresses,
      [
        {
          method: "DELETE",
          path: `/api/addresses/${flat.id}`,
          answer: () => {
            addresses = [home, office]
            return new Response(null, { status: 204 })
          },
        },
        {
          method: "POST",
          path: `/api/addresses/${office.id}/default`,
          answer: () => {
            addresses = [
              { ...office, isDefault: true },
              { ...home, isDefault: false },
            ]
            return jsonResponse({ address: addresses[0] })
          },
        },
      ],
    )

    fireEvent.click(within(await findAddress("Flat")).getByRole("button", { name: "Delete" }))
    await waitFor(() => {
      expect(screen.queryByRole("listitem", { name: "Flat" })).toBeNull()
    })
    expect(callsTo(fetchMock, "DELETE", `/api/addresses/${flat.id}`)).toHaveLength(1)

    fireEvent.click(within(await findAddress("Office")).getByRole("button", { name: "Set as default" }))
    await waitFor(() => {
      expect(within(screen.getByRole("listitem", { name: "Office" })).getByText("Default")).toBeInTheDocument()
    })
    expect(within(screen.getByRole("listitem", { name: "Home" })).queryByText("Default")).toBeNull()
  })

  it("says 'Could not delete address' when deleting fails", async () => {
    const home = buildAddress({ label: "Home", isDefault: true })
    openAddressTab(() => [home], [{ method: "DELETE", path: `/api/addresses/${home.id}`, answer: () => new Response("", { status: 500 }) }])

    fireEvent.click(within(await findAddress("Home")).getByRole("button", { name: "Delete" }))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not delete address$/)
    expect(screen.getByRole("listitem", { name: "Home" })).toBeInTheDocument()
  })

  it("says 'Could not set default address' when that fails", async () => {
    const office = buildAddress({ label: "Office" })
    openAddressTab(() => [office], [{ method: "POST", path: `/api/addresses/${office.id}/default`, answer: () => new Response("", { status: 500 }) }])

    fireEvent.click(within(await findAddress("Office")).getByRole("button", { name: "Set as default" }))

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Could not set default address$/)
  })
})
