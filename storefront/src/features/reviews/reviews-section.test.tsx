import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { answerRoutes, calledUrls, callsTo, errorResponse, jsonResponse, mockSessionApi, sentBody, type ApiRoute } from "@/testing/mock-fetch"
import { buildPost } from "@/testing/post-factory"
import { currentLocation, renderApp, renderAppSignedIn } from "@/testing/test-utils"
import {
  ALREADY_REVIEWED,
  FIT_REQUIRED,
  NOT_A_REVIEWER,
  RATING_REQUIRED,
  reviewFormPath,
  type ProductDetail,
  type Review,
  type ReviewsAnswer,
} from "@fitshop/contracts"
import { HIDDEN_BY_STAFF_TEXT } from "./components/review-card"
import { REVIEW_POSTED_TEXT } from "./components/reviews-section"
import { buildProductDetail, buildReview } from "./testing/review-factory"

const listPath = (product: ProductDetail) => `/api/products/${product.id}/reviews`

type Served = { reviews?: ReviewsAnswer | ((url: URL) => ReviewsAnswer); mine?: Review | null; more?: ApiRoute[] }

/** The BFF's answers for a product page: the product, its reviews, the shopper's own review, and `more`. */
const routesFor = (product: ProductDetail, { reviews = { reviews: [], nextCursor: null }, mine = null, more = [] }: Served = {}): ApiRoute[] => [
  { method: "GET", path: `/api/products/${product.id}`, answer: () => jsonResponse({ product, recommendations: { more: [], alsoLike: [] } }) },
  { method: "GET", path: listPath(product), answer: (url) => jsonResponse(typeof reviews === "function" ? reviews(url) : reviews) },
  { method: "GET", path: `${listPath(product)}/mine`, answer: () => jsonResponse({ review: mine }) },
  ...more,
]

function openSignedOut(product: ProductDetail, served?: Served, route = `/product/${product.id}`) {
  const calls = mockSessionApi(null, answerRoutes(routesFor(product, served)))
  renderApp(route)
  return calls
}

const openSignedIn = (product: ProductDetail, served?: Served, route = `/product/${product.id}`) =>
  renderAppSignedIn(route, answerRoutes(routesFor(product, served)))

const reviewsSection = () => screen.getByRole("region", { name: "Reviews" })

describe("the product's rating", () => {
  it("shows nothing at all for the rating while the product has no reviews", async () => {
    const product = buildProductDetail({ rating: null })
    openSignedOut(product)

    await screen.findByText("No reviews yet.")

    expect(screen.queryByRole("img", { name: /out of 5/ })).toBeNull()
    expect(screen.queryAllByText(/\bratings?\b|★/i)).toEqual([])
  })

  it("shows stars, the average to one decimal and the count under the title, linking to the reviews", async () => {
    const product = buildProductDetail({
      rating: { average: 4, count: 12 },
      ratingDistribution: [
        { stars: 5, count: 6 },
        { stars: 4, count: 3 },
        { stars: 3, count: 2 },
        { stars: 2, count: 0 },
        { stars: 1, count: 1 },
      ],
    })
    openSignedOut(product)

    const title = await screen.findByRole("heading", { level: 1 })
    const summary = title.nextElementSibling
    expect(summary).toHaveTextContent("4.0 · 12 ratings")
    expect(summary).toHaveAttribute("href", "#reviews")
    expect(within(summary as HTMLElement).getByRole("img", { name: "Rated 4.0 out of 5" })).toBeInTheDocument()
    const bars = within(reviewsSection()).getByRole("list", { name: "Reviews by stars" })
    expect(
      within(bars)
        .getAllByRole("listitem")
        .map((row) => row.textContent),
    ).toEqual(["5 stars6", "4 stars3", "3 stars2", "2 stars0", "1 star1"])
  })
})

describe("the fit notes at the size picker", () => {
  const sized = (overrides: Partial<ProductDetail> = {}) =>
    buildProductDetail({
      variants: [{ id: "v_m", size: "M", sizeSystem: "IN", sku: null, stockOnHand: 3, inStock: true, measurements: null }],
      availableSizes: ["M"],
      ...overrides,
    })

  it("shows the fit verdict with how many buyers it rests on", async () => {
    openSignedOut(sized({ fit: { verdict: "SMALL", n: 9, share: 7 / 9 } }))

    const size = await screen.findByRole("region", { name: "Size" })

    expect(within(size).getByText("Runs small · 7 of 9 buyers")).toBeInTheDocument()
  })

  it("asks a signed-in shopper's size hint and shows it", async () => {
    const product = sized()
    const calls = openSignedIn(product, {
      more: [{ method: "GET", path: `/api/products/${product.id}/size-hint`, answer: () => jsonResponse({ hint: { size: "M", pieces: 3 } }) }],
    })

    const size = await screen.findByRole("region", { name: "Size" })

    expect(await within(size).findByText("You kept M in 3 similar pieces")).toBeInTheDocument()
    expect(callsTo(calls, "GET", `/api/products/${product.id}/size-hint`)).toHaveLength(1)
  })

  it("shows no hint when the shop doesn't know", async () => {
    const product = sized()
    const hintPath = `/api/products/${product.id}/size-hint`
    const signedIn = openSignedIn(product, { more: [{ method: "GET", path: hintPath, answer: () => jsonResponse({ hint: null }) }] })
    await screen.findByRole("region", { name: "Size" })
    await waitFor(() => expect(callsTo(signedIn, "GET", hintPath)).toHaveLength(1))
    expect(screen.queryByText(/You kept/)).toBeNull()
  })

  it("never asks for the hint of a visitor who is not signed in", async () => {
    const product = sized()
    const calls = openSignedOut(product)
    await screen.findByText("No reviews yet.")
    expect(calledUrls(calls, `/api/products/${product.id}/size-hint`)).toEqual([])
    expect(screen.queryByText(/You kept/)).toBeNull()
  })
})

describe("the reviews list", () => {
  it("shows each review's stars, fit, size, text, photo, date, badge, author and incentive, and photos linking to their posts", async () => {
    const product = buildProductDetail({ rating: { average: 4.5, count: 2 } })
    const withPost = buildReview({
      rating: 5,
      fit: "SMALL",
      sizeBought: "L",
      text: "Boxy and heavy.",
      photo: { url: "/media/reviews/1.webp", thumbnailUrl: "/media/reviews/1-480.webp" },
      postId: "7777",
      incentive: "A ₹100 voucher for this review",
      createdAt: "2026-03-14T20:00:00.000Z",
    })
    const plain = buildReview({ verifiedBuyer: false, sizeBought: null, photo: null, text: null })
    openSignedOut(product, { reviews: { reviews: [withPost, plain], nextCursor: null } })

    const card = await screen.findByRole("article", { name: `Review by @${withPost.author.handle}` })

    expect(within(card).getByRole("img", { name: "5 out of 5 stars" })).toBeInTheDocument()
    expect(within(card).getByText("Runs small")).toBeInTheDocument()
    expect(within(card).getByText("Size bought: L")).toBeInTheDocument()
    expect(within(card).getByText("Boxy and heavy.")).toBeInTheDocument()
    expect(within(card).getByText("15 Mar 2026")).toHaveAttribute("datetime", withPost.createdAt)
    expect(within(card).getByText("Verified buyer")).toBeInTheDocument()
    expect(within(card).getByRole("link", { name: `@${withPost.author.handle}` })).toHaveAttribute("href", `/fit/@${withPost.author.handle}`)
    expect(within(card).getByText("A ₹100 voucher for this review")).toBeInTheDocument()
    const other = screen.getByRole("article", { name: `Review by @${plain.author.handle}` })
    expect(within(other).queryByText("Verified buyer")).toBeNull()
    expect(within(other).queryByText(/Size bought/)).toBeNull()
    const strip = screen.getByRole("list", { name: "Shoppers' photos" })
    expect(within(strip).getByRole("link", { name: `@${withPost.author.handle}'s FITFEED post` })).toHaveAttribute("href", "/fitfeed/7777")
  })

  it("reads the first page with no query, then filters by stars and photos and reads more by the cursor", async () => {
    const product = buildProductDetail({ rating: { average: 4, count: 30 } })
    const first = buildReview({ text: "First page" })
    const later = buildReview({ text: "Second page" })
    const five = buildReview({ rating: 5, text: "Five stars only" })
    const calls = openSignedOut(product, {
      reviews: (url) => {
        if (url.searchParams.get("cursor") === "c2") return { reviews: [later], nextCursor: null }
        if (url.searchParams.has("rating")) return { reviews: [five], nextCursor: null }
        return { reviews: [first], nextCursor: "c2" }
      },
    })
    const lists = () => calledUrls(calls, listPath(product)).filter((url) => url.pathname === listPath(product))

    await screen.findByText("First page")
    expect(lists().map((url) => url.search)).toEqual([""])

    fireEvent.click(screen.getByRole("button", { name: "Show more" }))
    expect(await screen.findByText("Second page")).toBeInTheDocument()
    expect(screen.getByText("First page")).toBeInTheDocument()
    expect(lists().at(-1)?.search).toBe("?cursor=c2")
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull()

    fireEvent.click(within(screen.getByRole("group", { name: "Show reviews with" })).getByRole("button", { name: "5 stars" }))
    expect(await screen.findByText("Five stars only")).toBeInTheDocument()
    expect(screen.queryByText("First page")).toBeNull()
    expect(lists().at(-1)?.search).toBe("?rating=5")

    fireEvent.click(screen.getByRole("button", { name: "With photos" }))
    await waitFor(() => expect(lists().at(-1)?.search).toBe("?rating=5&photo=true"))
    expect(screen.getByRole("button", { name: "With photos" })).toHaveAttribute("aria-pressed", "true")
  })
})

describe("writing a review", () => {
  const postRoute = (product: ProductDetail, answer: ApiRoute["answer"]): ApiRoute => ({ method: "POST", path: listPath(product), answer })

  it("sends a visitor who is not signed in to sign in, coming back to the open form", async () => {
    const product = buildProductDetail()
    openSignedOut(product)

    fireEvent.click(await screen.findByRole("button", { name: "Write a review" }))

    expect(currentLocation()).toBe(`/login?next=${encodeURIComponent(reviewFormPath(product.id))}`)
    expect(window.sessionStorage.getItem("return_to_path")).toBe(reviewFormPath(product.id))
  })

  it("says what is missing in the contract's words and sends nothing", async () => {
    const product = buildProductDetail()
    const calls = openSignedIn(product)

    fireEvent.click(await screen.findByRole("button", { name: "Write a review" }))
    const form = await screen.findByRole("form", { name: "Write a review" })
    fireEvent.click(within(form).getByRole("button", { name: "Post review" }))

    expect(await within(form).findByText(RATING_REQUIRED)).toBeInTheDocument()
    expect(within(form).getByText(FIT_REQUIRED)).toBeInTheDocument()
    expect(callsTo(calls, "POST", listPath(product))).toHaveLength(0)
  })

  it.each([
    [403, NOT_A_REVIEWER],
    [409, ALREADY_REVIEWED],
  ])("shows the server's %i message word for word", async (status, text) => {
    const product = buildProductDetail()
    openSignedIn(product, { more: [postRoute(product, () => errorResponse(text, status))] })

    fireEvent.click(await screen.findByRole("button", { name: "Write a review" }))
    const form = await screen.findByRole("form", { name: "Write a review" })
    fireEvent.click(within(form).getByRole("radio", { name: "4 stars" }))
    fireEvent.click(within(form).getByRole("radio", { name: "True to size" }))
    fireEvent.click(within(form).getByRole("button", { name: "Post review" }))

    expect(await within(form).findByRole("alert")).toHaveTextContent(text)
  })

  it("sends one review however often it is clicked, with the linked post, then refreshes the list and the rating", async () => {
    const product = buildProductDetail()
    const ownPost = buildPost({ productId: product.id, text: "My fit in M" })
    const otherPost = buildPost({ text: "Another product" })
    let created: Review | null = null
    const calls = openSignedIn(product, {
      reviews: () => ({ reviews: created ? [created] : [], nextCursor: null }),
      more: [
        { method: "GET", path: "/api/fitfeed/posts/mine", answer: () => jsonResponse({ posts: [ownPost, otherPost] }) },
        postRoute(product, () => {
          created = buildReview({ productId: product.id, rating: 5, fit: "LARGE", text: "Roomy" })
          return jsonResponse({ review: created }, 201)
        }),
      ],
    })

    fireEvent.click(await screen.findByRole("button", { name: "Write a review" }))
    const form = await screen.findByRole("form", { name: "Write a review" })
    fireEvent.click(within(form).getByRole("radio", { name: "5 stars" }))
    fireEvent.click(within(form).getByRole("radio", { name: "Runs large" }))
    fireEvent.change(within(form).getByRole("textbox", { name: "Your review (optional)" }), { target: { value: "Roomy" } })
    expect(within(form).getByText("5/2,000")).toBeInTheDocument()
    const post = await within(form).findByRole("combobox", { name: "Link your FITFEED post (optional)" })
    expect(
      within(post)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["No post", "My fit in M"])
    fireEvent.change(post, { target: { value: ownPost.id } })
    const send = within(form).getByRole("button", { name: "Post review" })
    fireEvent.click(send)
    fireEvent.click(send)

    expect(await screen.findByText(REVIEW_POSTED_TEXT)).toBeInTheDocument()
    expect(callsTo(calls, "POST", listPath(product))).toHaveLength(1)
    expect(sentBody(calls, "POST", listPath(product))).toEqual({ rating: 5, fit: "LARGE", text: "Roomy", photo: null, postId: ownPost.id })
    expect(await screen.findByText("Roomy")).toBeInTheDocument()
    expect(callsTo(calls, "GET", `/api/products/${product.id}`).length).toBeGreaterThanOrEqual(2)
  })

  it("opens the form by itself when the invitation's link (?review=1) brings a signed-in shopper", async () => {
    const product = buildProductDetail()
    openSignedIn(product, {}, reviewFormPath(product.id))

    expect(await screen.findByRole("form", { name: "Write a review" })).toBeInTheDocument()
  })
})

describe("the author's own review", () => {
  it("shows it with Edit, which sends the changes, and a note when staff hid it", async () => {
    const product = buildProductDetail({ rating: { average: 3, count: 1 } })
    const mine = buildReview({ productId: product.id, rating: 3, fit: "SMALL", text: "Snug", mine: true, hidden: true })
    const calls = openSignedIn(product, {
      mine,
      more: [{ method: "PATCH", path: `/api/reviews/${mine.id}`, answer: () => jsonResponse({ review: { ...mine, rating: 4 } }) }],
    })

    const own = await screen.findByRole("article", { name: `Review by @${mine.author.handle}` })
    expect(within(own).getByRole("note")).toHaveTextContent(HIDDEN_BY_STAFF_TEXT)
    expect(screen.queryByRole("button", { name: "Write a review" })).toBeNull()
    expect(within(own).queryByRole("button", { name: "Report" })).toBeNull()

    fireEvent.click(within(own).getByRole("button", { name: "Edit" }))
    const form = await screen.findByRole("form", { name: "Edit your review" })
    expect(within(form).getByRole("radio", { name: "3 stars" })).toBeChecked()
    expect(within(form).getByRole("radio", { name: "Runs small" })).toBeChecked()
    fireEvent.click(within(form).getByRole("radio", { name: "4 stars" }))
    fireEvent.click(within(form).getByRole("button", { name: "Save changes" }))

    await waitFor(() => expect(callsTo(calls, "PATCH", `/api/reviews/${mine.id}`)).toHaveLength(1))
    expect(sentBody(calls, "PATCH", `/api/reviews/${mine.id}`)).toEqual({ rating: 4, fit: "SMALL", text: "Snug", postId: null })
  })

  it("withdraws it only after the shopper confirms", async () => {
    const product = buildProductDetail({ rating: { average: 2, count: 1 } })
    const mine = buildReview({ productId: product.id, rating: 2, mine: true })
    let withdrawn = false
    const calls = openSignedIn(product, {
      mine,
      more: [
        {
          method: "DELETE",
          path: `/api/reviews/${mine.id}`,
          answer: () => {
            withdrawn = true
            return jsonResponse({ withdrawn: true })
          },
        },
      ],
    })
    const own = await screen.findByRole("article", { name: `Review by @${mine.author.handle}` })

    fireEvent.click(within(own).getByRole("button", { name: "Withdraw" }))
    const dialog = await screen.findByRole("dialog", { name: "Withdraw your review?" })
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep it" }))
    expect(callsTo(calls, "DELETE", `/api/reviews/${mine.id}`)).toHaveLength(0)

    fireEvent.click(within(own).getByRole("button", { name: "Withdraw" }))
    fireEvent.click(within(screen.getByRole("dialog", { name: "Withdraw your review?" })).getByRole("button", { name: "Withdraw" }))

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(withdrawn).toBe(true)
    expect(callsTo(calls, "DELETE", `/api/reviews/${mine.id}`)).toHaveLength(1)
  })
})

describe("reporting a review", () => {
  it("lets a signed-in shopper report another's review with a reason", async () => {
    const product = buildProductDetail({ rating: { average: 1, count: 1 } })
    const theirs = buildReview({ productId: product.id, rating: 1 })
    const calls = openSignedIn(product, {
      reviews: { reviews: [theirs], nextCursor: null },
      more: [{ method: "POST", path: `/api/reviews/${theirs.id}/report`, answer: () => jsonResponse({ reported: true }) }],
    })
    const card = await screen.findByRole("article", { name: `Review by @${theirs.author.handle}` })

    fireEvent.click(await within(card).findByRole("button", { name: "Report" }))
    const dialog = await screen.findByRole("dialog", { name: "Report review" })
    fireEvent.click(within(dialog).getByRole("button", { name: "Report" }))
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Tell us what is wrong with this review.")
    expect(callsTo(calls, "POST", `/api/reviews/${theirs.id}/report`)).toHaveLength(0)

    fireEvent.click(within(dialog).getByRole("radio", { name: "Spam or paid promotion" }))
    fireEvent.click(within(dialog).getByRole("button", { name: "Report" }))

    expect(await within(dialog).findByRole("status")).toHaveTextContent("Thanks for telling us.")
    expect(sentBody(calls, "POST", `/api/reviews/${theirs.id}/report`)).toEqual({ reason: "Spam or paid promotion" })
  })

  it("offers no Report to a visitor who is not signed in", async () => {
    const product = buildProductDetail({ rating: { average: 5, count: 1 } })
    const theirs = buildReview({ productId: product.id, rating: 5 })
    openSignedOut(product, { reviews: { reviews: [theirs], nextCursor: null } })

    const card = await screen.findByRole("article", { name: `Review by @${theirs.author.handle}` })

    expect(within(card).queryByRole("button", { name: "Report" })).toBeNull()
  })
})
