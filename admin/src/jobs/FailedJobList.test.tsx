import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { callsTo, stubRoutes } from "../testing/route-fetch"
import { renderConsoleAt } from "../testing/render-console"

const job = {
  id: "7",
  kind: "dispatch-order",
  key: "order_01",
  attempts: 30,
  lastError: "Shiprocket answered 502",
  createdAt: "2026-11-20T10:00:00Z",
  failedAt: "2026-11-20T16:00:00Z",
}

describe("Failed jobs", { timeout: 20_000 }, () => {
  it("lists each failed job with its attempts and last error, and retries one", async () => {
    let retried = false
    const fetchMock = stubRoutes({
      "GET /api/admin/jobs": () => ({ status: 200, body: retried ? { jobs: [], total: 0 } : { jobs: [job], total: 1 } }),
      "POST /api/admin/jobs/7/retry": () => {
        retried = true
        return { status: 202, body: { id: "7", kind: "dispatch-order", key: "order_01" } }
      },
    })
    renderConsoleAt("/admin/jobs")

    expect(await screen.findByRole("heading", { name: "Failed jobs" })).toBeInTheDocument()
    const row = (await screen.findByText("dispatch-order")).closest("tr")!
    expect(row).toHaveTextContent("30")
    expect(row).toHaveTextContent("Shiprocket answered 502")
    expect(callsTo(fetchMock, "GET /api/admin/jobs")[0]!.url.searchParams.get("state")).toBe("failed")

    fireEvent.click(within(row).getByRole("button", { name: "Retry" }))

    await waitFor(() => expect(callsTo(fetchMock, "POST /api/admin/jobs/7/retry")).toHaveLength(1))
    expect(await screen.findByText("No failed jobs.")).toBeInTheDocument()
  })

  it("says so when no job has failed", async () => {
    stubRoutes({ "GET /api/admin/jobs": { status: 200, body: { jobs: [], total: 0 } } })
    renderConsoleAt("/admin/jobs")
    expect(await screen.findByText("No failed jobs.")).toBeInTheDocument()
  })
})
