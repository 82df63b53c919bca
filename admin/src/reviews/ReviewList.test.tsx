import type { AdminReview } from "@fitshop/contracts"
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { callsTo, stubRoutes } from "../testing/route-fetch"
import { renderConsoleAt } from "../testing/render-console"

let nextId = 100

/** A review as staff read it; override only what a test cares about. */
const adminReview = (overrides: Partial<AdminReview> = {}): AdminReview => ({
  id: String((nextId += 1)),
  product: { id: "prod_1", title: "Boxy Tee" },
  rating: 2,
  fit: "SMALL",
  sizeBought: "M",
  text: "Shrank after one wash",
  photo: null,
  author: { id: "u1", name: "Ravi K", handle: "ravi" },
  createdAt: "2026-11-20T10:00:00Z",
  status: "visible",
  hiddenAt: null,
  hiddenReason: null,
  reports: { count: 2, trusted: 1, reasons: ["spam", "rude"], lastAt: "2026-11-21T10:00:00Z" },
  ...overrides,
})

const rowOf = async (text: string) => (await screen.findByText(text)).closest("tr")!

describe("Reviews", { timeout: 20_000 }, () => {
  it("lists the reported reviews with their product, stars, fit, size, text, photo, author, date, status and reports", async () => {
    const reported = adminReview({ photo: { url: "/media/r/1.jpg", thumbnailUrl: "/media/r/1-480.jpg" } })
    const hiddenByStaff = adminReview({
      product: { id: "prod_2", title: "Cargo Pant" },
      rating: 5,
      fit: "LARGE",
      sizeBought: null,
      text: "Buy this now at cheap-knockoffs.example",
      author: { id: "u2", name: "Meera S", handle: "meera" },
      status: "hidden",
      hiddenAt: "2026-11-22T10:00:00Z",
      hiddenReason: "Links to another shop",
      reports: { count: 0, trusted: 0, reasons: [], lastAt: null },
    })
    const fetchMock = stubRoutes({ "GET /api/admin/reviews": { status: 200, body: { reviews: [reported, hiddenByStaff], total: 2 } } })
    renderConsoleAt("/admin/reviews")

    expect(await screen.findByRole("heading", { name: "Reviews" })).toBeInTheDocument()
    const first = await rowOf("Shrank after one wash")
    expect(first).toHaveTextContent("Boxy Tee")
    expect(within(first).getByRole("img", { name: "2 of 5 stars" })).toHaveTextContent("★★☆☆☆")
    expect(first).toHaveTextContent("Runs small")
    expect(first).toHaveTextContent("Size M")
    expect(within(first).getByRole("img", { name: "Boxy Tee, as @ravi shows it" })).toHaveAttribute("src", "/media/r/1-480.jpg")
    expect(first).toHaveTextContent("@ravi")
    expect(first).toHaveTextContent("20/11/2026")
    expect(first).toHaveTextContent("Visible")
    expect(first).toHaveTextContent("2 reports (1 trusted)")
    expect(first).toHaveTextContent("spam, rude")

    const second = await rowOf("Buy this now at cheap-knockoffs.example")
    expect(second).toHaveTextContent("Cargo Pant")
    expect(second).toHaveTextContent("Runs large")
    expect(second).toHaveTextContent("Hidden")
    expect(second).toHaveTextContent("Reason: Links to another shop")
    expect(second).not.toHaveTextContent("reports")

    expect(callsTo(fetchMock, "GET /api/admin/reviews")[0]!.url.searchParams.get("state")).toBe("reported")
  })

  it("asks the server for the state staff choose", async () => {
    const reported = adminReview({ text: "Reported one" })
    const hidden = adminReview({ text: "Hidden one", status: "hidden", hiddenAt: "2026-11-22T10:00:00Z" })
    const fetchMock = stubRoutes({
      "GET /api/admin/reviews": (url) => ({
        status: 200,
        body: url.searchParams.get("state") === "hidden" ? { reviews: [hidden], total: 1 } : { reviews: [reported], total: 1 },
      }),
    })
    renderConsoleAt("/admin/reviews")
    await rowOf("Reported one")

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "State" }))
    const choices = await screen.findAllByRole("option")
    expect(choices.map((choice) => choice.textContent)).toEqual(["Reported", "Hidden", "All"])
    fireEvent.click(screen.getByRole("option", { name: "Hidden" }))

    expect(await rowOf("Hidden one")).toHaveTextContent("Hidden by reports")
    expect(screen.queryByText("Reported one")).not.toBeInTheDocument()
    expect(callsTo(fetchMock, "GET /api/admin/reviews").at(-1)!.url.searchParams.get("state")).toBe("hidden")

    fireEvent.mouseDown(screen.getByRole("combobox", { name: "State" }))
    fireEvent.click(await screen.findByRole("option", { name: "All" }))
    await waitFor(() => expect(callsTo(fetchMock, "GET /api/admin/reviews").at(-1)!.url.searchParams.get("state")).toBe("all"))
  })

  it("hides a review only with a reason, which it sends, then reloads the list", async () => {
    const review = adminReview()
    const hidden: AdminReview = { ...review, status: "hidden", hiddenAt: "2026-11-23T10:00:00Z", hiddenReason: "Abusive language" }
    const fetchMock = stubRoutes({
      "GET /api/admin/reviews": { status: 200, body: { reviews: [review], total: 1 } },
      [`POST /api/admin/reviews/${review.id}/hide`]: { status: 200, body: { review: hidden } },
    })
    renderConsoleAt("/admin/reviews")
    const row = await rowOf("Shrank after one wash")
    expect(within(row).queryByRole("button", { name: "Restore" })).not.toBeInTheDocument()

    fireEvent.click(within(row).getByRole("button", { name: "Hide" }))
    const dialog = await screen.findByRole("dialog", { name: "Hide this review?" })
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Reason" }), { target: { value: "   " } })
    fireEvent.click(within(dialog).getByRole("button", { name: "Hide" }))
    expect(await within(dialog).findByText("Tell the author why the review is hidden.")).toBeInTheDocument()
    expect(callsTo(fetchMock, `POST /api/admin/reviews/${review.id}/hide`)).toHaveLength(0)

    const listReads = callsTo(fetchMock, "GET /api/admin/reviews").length
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Reason" }), { target: { value: "Abusive language" } })
    fireEvent.click(within(dialog).getByRole("button", { name: "Hide" }))

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(callsTo(fetchMock, `POST /api/admin/reviews/${review.id}/hide`).map((call) => call.body)).toEqual([{ reason: "Abusive language" }])
    await waitFor(() => expect(callsTo(fetchMock, "GET /api/admin/reviews").length).toBeGreaterThan(listReads))
  })

  it("shows the server's message when hiding fails, keeping the dialog open", async () => {
    const review = adminReview()
    stubRoutes({
      "GET /api/admin/reviews": { status: 200, body: { reviews: [review], total: 1 } },
      [`POST /api/admin/reviews/${review.id}/hide`]: { status: 409, body: { error: "conflict", message: "The author withdrew this review." } },
    })
    renderConsoleAt("/admin/reviews")

    fireEvent.click(within(await rowOf("Shrank after one wash")).getByRole("button", { name: "Hide" }))
    const dialog = await screen.findByRole("dialog", { name: "Hide this review?" })
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Reason" }), { target: { value: "Spam" } })
    fireEvent.click(within(dialog).getByRole("button", { name: "Hide" }))

    expect(await within(dialog).findByText("The author withdrew this review.")).toBeInTheDocument()
    expect(screen.getByRole("dialog", { name: "Hide this review?" })).toBeInTheDocument()
  })

  it("restores a hidden review, then reloads the list", async () => {
    const review = adminReview({ status: "hidden", hiddenAt: "2026-11-22T10:00:00Z" })
    const fetchMock = stubRoutes({
      "GET /api/admin/reviews": { status: 200, body: { reviews: [review], total: 1 } },
      [`POST /api/admin/reviews/${review.id}/restore`]: { status: 200, body: { review: { ...review, status: "visible", hiddenAt: null } } },
    })
    renderConsoleAt("/admin/reviews")
    const row = await rowOf("Shrank after one wash")
    expect(within(row).queryByRole("button", { name: "Hide" })).not.toBeInTheDocument()
    const listReads = callsTo(fetchMock, "GET /api/admin/reviews").length

    fireEvent.click(within(row).getByRole("button", { name: "Restore" }))

    await waitFor(() => expect(callsTo(fetchMock, `POST /api/admin/reviews/${review.id}/restore`)).toHaveLength(1))
    await waitFor(() => expect(callsTo(fetchMock, "GET /api/admin/reviews").length).toBeGreaterThan(listReads))
  })

  it("says so when there are no reviews in the state chosen", async () => {
    stubRoutes({ "GET /api/admin/reviews": { status: 200, body: { reviews: [], total: 0 } } })
    renderConsoleAt("/admin/reviews")
    expect(await screen.findByText("No reviews.")).toBeInTheDocument()
  })
})
