import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { callsTo, stubRoutes } from "../testing/route-fetch"
import { renderConsoleAt } from "../testing/render-console"

const post = {
  id: "41",
  imageUrl: "/media/p/41.jpg",
  thumbnailUrl: "/media/p/41-480.jpg",
  text: "Fit check",
  author: { id: "u1", name: "Ravi K", handle: "ravi" },
  reports: { count: 3, reasons: ["spam", "nudity"], lastAt: "2026-11-20T10:00:00Z" },
  hiddenAt: "2026-11-20T10:00:00Z",
  createdAt: "2026-11-19T10:00:00Z",
}

describe("Reported posts", { timeout: 20_000 }, () => {
  it("shows each hidden post with its reports and restores one", async () => {
    const fetchMock = stubRoutes({
      "GET /api/admin/fitfeed/reported": { status: 200, body: { posts: [post], total: 1 } },
      "POST /api/admin/fitfeed/posts/41/restore": { status: 200, body: {} },
    })
    renderConsoleAt("/admin/reported-posts")

    const card = await screen.findByRole("article", { name: "Post by Ravi K" })
    expect(card).toHaveTextContent("@ravi")
    expect(card).toHaveTextContent("Fit check")
    expect(card).toHaveTextContent("3 reports: spam, nudity")
    expect(screen.getByRole("img", { name: "Fit check" })).toHaveAttribute("src", "/media/p/41-480.jpg")

    fireEvent.click(screen.getByRole("button", { name: "Restore" }))

    await waitFor(() => expect(screen.queryByRole("article")).not.toBeInTheDocument())
    expect(callsTo(fetchMock, "POST /api/admin/fitfeed/posts/41/restore")).toHaveLength(1)
  })

  it("removes a post only after the confirmation", async () => {
    const fetchMock = stubRoutes({
      "GET /api/admin/fitfeed/reported": { status: 200, body: { posts: [post], total: 1 } },
      "DELETE /api/admin/fitfeed/posts/41": { status: 204 },
    })
    renderConsoleAt("/admin/reported-posts")

    fireEvent.click(await screen.findByRole("button", { name: "Remove" }))
    expect(callsTo(fetchMock, "DELETE /api/admin/fitfeed/posts/41")).toHaveLength(0)
    const dialog = await screen.findByRole("dialog")
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }))

    await waitFor(() => expect(callsTo(fetchMock, "DELETE /api/admin/fitfeed/posts/41")).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole("article")).not.toBeInTheDocument())
  })
})
