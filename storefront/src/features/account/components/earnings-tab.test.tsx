import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { answerRoutes, calledUrls, jsonResponse, type ApiRoute } from "@/testing/mock-fetch"
import { buildPost } from "@/testing/post-factory"
import { buildLedgerEntry } from "@/testing/profile-factory"
import { renderAppSignedIn } from "@/testing/test-utils"
import type { LedgerPage, Post } from "@fitshop/contracts"

const LEDGER = "/api/wallet/ledger"

function openEarningsTab(posts: Post[], ledger: (url: URL) => LedgerPage) {
  const routes: ApiRoute[] = [
    { method: "GET", path: "/api/fitfeed/posts/mine", answer: () => jsonResponse({ posts }) },
    { method: "GET", path: LEDGER, answer: (url) => jsonResponse(ledger(url)) },
  ]
  return renderAppSignedIn("/account?tab=earnings", answerRoutes(routes))
}

describe("/account Earnings tab", () => {
  it("shows the balance, the coins each post earned with their total, in coins and rupees", async () => {
    const posts = [
      buildPost({ earningsCoins: 120, Product: { id: "prod_1", title: "Static Shift Hoodie", imageUrl: null } }),
      buildPost({ earningsCoins: 35, Product: { id: "prod_2", title: "Cargo Pants", imageUrl: null } }),
    ]
    openEarningsTab(posts, () => ({ balance: 155, pendingCoins: 0, entries: [], nextCursor: null }))

    expect(await screen.findByText("155 Dark Coins")).toBeInTheDocument()
    expect(screen.getByText(/worth ₹15\.50/)).toBeInTheDocument()
    const perPost = await screen.findByRole("list", { name: "Coins per post" })
    const rows = within(perPost).getAllByRole("listitem")
    expect(rows.map((row) => row.textContent)).toEqual(["Static Shift Hoodie120 coins · ₹12.00", "Cargo Pants35 coins · ₹3.50"])
    expect(rows[0]!.querySelector("img")).toHaveAttribute("src", posts[0]!.thumbnailUrl)
    expect(screen.getByText("Total earned: 155 coins · ₹15.50")).toBeInTheDocument()
    expect(screen.getByText("No Dark Coins yet.")).toBeInTheDocument()
  })

  it("lists ledger entries with date, reason, signed coins, order and what a reversal could not take back", async () => {
    const earned = buildLedgerEntry({
      coins: 120,
      reason: "Purchase through your post",
      orderId: "order_2042",
      createdAt: "2025-03-14T10:30:00.000Z",
    })
    const reversed = buildLedgerEntry({
      kind: "reversal",
      coins: -80,
      shortfall: 40,
      reason: "Order returned",
      orderId: "order_2043",
      createdAt: "2025-03-20T08:00:00.000Z",
    })
    const adjusted = buildLedgerEntry({ kind: "adjustment", coins: 10, reason: "Welcome bonus", orderId: null })
    openEarningsTab([], () => ({ balance: 50, pendingCoins: 0, entries: [reversed, earned, adjusted], nextCursor: null }))

    const ledger = await screen.findByRole("list", { name: "Dark Coins ledger" })
    const [first, second, third] = within(ledger).getAllByRole("listitem")
    expect(within(first!).getByRole("heading")).toHaveTextContent("Order returned")
    expect(first).toHaveTextContent("-80 coins · -₹8.00")
    expect(within(first!).getByText("20 Mar 2025")).toHaveAttribute("datetime", "2025-03-20T08:00:00.000Z")
    expect(first).toHaveTextContent("Order order_2043")
    expect(first).toHaveTextContent("40 coins could not be taken back")

    expect(within(second!).getByRole("heading")).toHaveTextContent("Purchase through your post")
    expect(second).toHaveTextContent("+120 coins · ₹12.00")
    expect(within(second!).getByText("14 Mar 2025")).toBeInTheDocument()
    expect(second).toHaveTextContent("Order order_2042")
    expect(second).not.toHaveTextContent("could not be taken back")

    expect(third).toHaveTextContent("Welcome bonus")
    expect(third).not.toHaveTextContent("Order")
  })

  it("loads older ledger entries with the cursor", async () => {
    const fetchMock = openEarningsTab([], (url) =>
      url.searchParams.get("cursor") === "next-50"
        ? { balance: 70, pendingCoins: 0, entries: [buildLedgerEntry({ reason: "Older entry" })], nextCursor: null }
        : { balance: 70, pendingCoins: 0, entries: [buildLedgerEntry({ reason: "Newest entry" })], nextCursor: "next-50" },
    )

    await screen.findByText("Newest entry")
    fireEvent.click(screen.getByRole("button", { name: "Load more" }))

    expect(await screen.findByText("Older entry")).toBeInTheDocument()
    expect(screen.getByText("Newest entry")).toBeInTheDocument()
    const urls = calledUrls(fetchMock, LEDGER)
    expect(urls.map((url) => [url.searchParams.get("limit"), url.searchParams.get("cursor")])).toEqual([
      ["50", null],
      ["50", "next-50"],
    ])
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
  })
})

describe("/account Earnings tab, pending earnings", () => {
  it("shows pending earnings apart from the balance, with when each becomes spendable, and dropped ones as dropped", async () => {
    const waiting = buildLedgerEntry({ coins: 64, state: "pending", availableAt: null, reason: "Referral: Hoodie bought through your post" })
    const maturing = buildLedgerEntry({
      coins: 30,
      state: "pending",
      availableAt: "2025-03-21T10:30:00.000Z",
      reason: "Referral: Cap bought through your post",
    })
    const dropped = buildLedgerEntry({ coins: 12, state: "dropped", reason: "Referral: Tee bought through your post" })
    openEarningsTab([], () => ({ balance: 0, pendingCoins: 94, entries: [waiting, maturing, dropped], nextCursor: null }))

    expect(await screen.findByText("0 Dark Coins")).toBeInTheDocument()
    expect(screen.getByText("94 coins pending: spendable once each order's return window has passed")).toBeInTheDocument()
    const ledger = await screen.findByRole("list", { name: "Dark Coins ledger" })
    const [first, second, third] = within(ledger).getAllByRole("listitem")
    expect(first).toHaveTextContent("Pending: spendable once delivered and the return window has passed")
    expect(second).toHaveTextContent("Pending: spendable from 21 Mar 2025")
    expect(third).toHaveTextContent("Dropped: the order was cancelled or returned")
  })
})
