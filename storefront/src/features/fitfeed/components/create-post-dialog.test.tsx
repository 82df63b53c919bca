import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { answerRoutes, callsTo, errorResponse, jsonResponse, mockSessionApi, sentBody, type ApiRoute } from "@/testing/mock-fetch"
import { buildOrder, buildOrderItem } from "@/testing/order-factory"
import { buildPost, buildProductId } from "@/testing/post-factory"
import { renderWithProviders } from "@/testing/test-utils"
import { buildSession, storeSession } from "@/testing/user-factory"
import type { Order, Post } from "@fitshop/contracts"
import { fakeUploads, photoFile } from "../testing/fake-upload"
import { CreatePostDialog } from "./create-post-dialog"

type Setup = { orders?: Order[]; myPosts?: Post[]; routes?: ApiRoute[]; productId?: string | null }

function openCreatePost({ orders = [], myPosts = [], routes = [], productId = null }: Setup = {}) {
  const session = buildSession()
  storeSession(session)
  const uploads = fakeUploads()
  const fetchMock = mockSessionApi(
    session,
    answerRoutes([
      ...routes,
      { method: "GET", path: "/api/orders/mine", answer: () => jsonResponse({ orders }) },
      { method: "GET", path: "/api/fitfeed/posts/mine", answer: () => jsonResponse({ posts: myPosts }) },
    ]),
  )
  const onCreated = vi.fn()
  const onClose = vi.fn()
  renderWithProviders(<CreatePostDialog open productId={productId} onClose={onClose} onCreated={onCreated} />)
  return { fetchMock, uploads, onCreated, onClose, session }
}

const dialog = () => screen.getByRole("dialog", { name: "Create post" })
const choosePhoto = (file: File) => {
  fireEvent.change(screen.getByLabelText("Photo"), { target: { files: [file] } })
}
const publish = () => {
  fireEvent.click(screen.getByRole("button", { name: "Publish" }))
}

describe("CreatePostDialog", () => {
  it("asks for a photo and a product when published empty", async () => {
    openCreatePost({ orders: [buildOrder()] })
    await screen.findByRole("radio")

    publish()

    expect(within(dialog()).getByText("Please add a photo.")).toBeInTheDocument()
    expect(within(dialog()).getByText("Please select the product you bought.")).toBeInTheDocument()
    expect(screen.getByText("JPG, PNG, or GIF up to 10MB")).toBeInTheDocument()
  })

  it("offers each bought product once, newest order first, skips cancelled orders and marks 'Already posted' ones unpickable", async () => {
    const postedId = buildProductId()
    const older = buildOrder({
      createdAt: "2025-01-01T10:00:00.000Z",
      items: [buildOrderItem({ title: "Old Cargo" }), buildOrderItem({ productId: postedId, title: "Posted Polo" })],
    })
    const newer = buildOrder({
      createdAt: "2025-03-01T10:00:00.000Z",
      items: [buildOrderItem({ title: "New Hoodie" }), buildOrderItem({ productId: postedId, title: "Posted Polo" })],
    })
    const cancelled = buildOrder({ status: "CANCELLED", items: [buildOrderItem({ title: "Cancelled Tee" })] })
    const returned = buildOrder({ status: "RETURNED", items: [buildOrderItem({ title: "Returned Shirt" })] })
    openCreatePost({ orders: [older, cancelled, returned, newer], myPosts: [buildPost({ productId: postedId })] })

    const options = await screen.findAllByRole("radio")
    expect(options.map((option) => option.closest("label")?.textContent)).toEqual(["New Hoodie", "Posted PoloAlready posted", "Old Cargo"])
    const posted = screen.getByRole("radio", { name: /Posted Polo/ })
    expect(posted).toBeDisabled()
    expect(posted.closest("label")).toHaveAttribute("title", "You have already posted a fit for this product")
    expect(screen.queryByText("Cancelled Tee")).toBeNull()
    expect(screen.queryByText("Returned Shirt")).toBeNull()
  })

  it("preselects the product the link named when the shopper bought it, and publishes about it", async () => {
    const linked = buildOrderItem({ productId: buildProductId(), title: "Linked Cargo" })
    const created = buildPost({ productId: linked.productId })
    const { uploads, fetchMock } = openCreatePost({
      orders: [buildOrder({ items: [buildOrderItem({ title: "Other Tee" }), linked] })],
      productId: linked.productId,
      routes: [{ method: "POST", path: "/api/fitfeed/posts", answer: () => jsonResponse({ post: created }, 201) }],
    })

    expect(await screen.findByRole("radio", { name: "Linked Cargo" })).toBeChecked()
    expect(screen.getByRole("radio", { name: "Other Tee" })).not.toBeChecked()
    choosePhoto(photoFile())
    await waitFor(() => {
      expect(uploads).toHaveLength(1)
    })
    act(() => {
      uploads[0]!.respond(201, { url: "/media/uploads/l.jpg", thumbnailUrl: "/media/uploads/l-480.jpg" })
    })
    await screen.findByText("Photo uploaded")
    publish()

    await waitFor(() => {
      expect(sentBody(fetchMock, "POST", "/api/fitfeed/posts")).toMatchObject({ productId: linked.productId })
    })
  })

  it("lets the shopper pick another product than the one preselected", async () => {
    const linked = buildOrderItem({ productId: buildProductId(), title: "Linked Cargo" })
    openCreatePost({ orders: [buildOrder({ items: [linked, buildOrderItem({ title: "Other Tee" })] })], productId: linked.productId })

    await screen.findByRole("radio", { name: "Linked Cargo" })
    fireEvent.click(screen.getByRole("radio", { name: "Other Tee" }))

    expect(screen.getByRole("radio", { name: "Other Tee" })).toBeChecked()
    expect(screen.getByRole("radio", { name: "Linked Cargo" })).not.toBeChecked()
  })

  it.each([
    ["was not bought", () => ({ orders: [buildOrder()], myPosts: [], productId: buildProductId() })],
    [
      "was already posted about",
      () => {
        const productId = buildProductId()
        return { orders: [buildOrder({ items: [buildOrderItem({ productId })] })], myPosts: [buildPost({ productId })], productId }
      },
    ],
    [
      "came back",
      () => {
        const productId = buildProductId()
        return { orders: [buildOrder({ status: "RETURNED", items: [buildOrderItem({ productId })] }), buildOrder()], myPosts: [], productId }
      },
    ],
  ])("preselects nothing when the linked product %s", async (_case, setup) => {
    openCreatePost(setup())

    await screen.findAllByRole("radio")
    expect(screen.queryByRole("radio", { checked: true })).toBeNull()
  })

  it("says 'You don't have any completed orders yet.' without orders to post about", async () => {
    openCreatePost({ orders: [buildOrder({ status: "CANCELLED" })] })

    expect(await screen.findByText("You don't have any completed orders yet.")).toBeInTheDocument()
  })

  it("refuses a file that is not a picture before uploading anything", async () => {
    const { uploads } = openCreatePost({ orders: [buildOrder()] })
    await screen.findByRole("radio")

    choosePhoto(photoFile("notes.txt", "text/plain"))

    expect(within(dialog()).getByRole("alert")).toHaveTextContent("Choose a JPG, PNG, GIF or WebP photo.")
    expect(uploads).toHaveLength(0)
  })

  it("refuses a photo over 10MB before uploading anything", async () => {
    const { uploads } = openCreatePost({ orders: [buildOrder()] })
    await screen.findByRole("radio")

    choosePhoto(photoFile("big.png", "image/png", 10 * 1024 * 1024 + 1))

    expect(within(dialog()).getByRole("alert")).toHaveTextContent("This photo is larger than 10MB. Choose a smaller one.")
    expect(uploads).toHaveLength(0)
  })

  it("uploads the photo with progress and the session token, then publishes the post", async () => {
    const item = buildOrderItem({ title: "Static Hoodie" })
    const created = buildPost({ productId: item.productId })
    const { uploads, fetchMock, onCreated, onClose, session } = openCreatePost({
      orders: [buildOrder({ items: [item] })],
      routes: [{ method: "POST", path: "/api/fitfeed/posts", answer: () => jsonResponse({ post: created }, 201) }],
    })
    await screen.findByRole("radio")
    const file = photoFile("fit.webp", "image/webp")

    choosePhoto(file)
    await waitFor(() => {
      expect(uploads).toHaveLength(1)
    })
    const upload = uploads[0]!
    expect(upload.method).toBe("POST")
    expect(upload.url).toBe("/api/uploads/image")
    expect(upload.headers.Authorization).toBe(`Bearer ${session.accessToken}`)
    expect(upload.image).toBe(file)
    expect(screen.getByRole("button", { name: "Uploading…" })).toBeDisabled()
    act(() => {
      upload.progress(50, 100)
    })
    expect(screen.getByText("Uploading 50%")).toBeInTheDocument()
    act(() => {
      upload.respond(201, { url: "/media/uploads/fit.webp", thumbnailUrl: "/media/uploads/fit-480.webp" })
    })
    expect(await screen.findByText("Photo uploaded")).toBeInTheDocument()

    fireEvent.click(screen.getByRole("radio", { name: "Static Hoodie" }))
    publish()

    await waitFor(() => {
      expect(onCreated).toHaveBeenCalledWith(created)
    })
    expect(onClose).toHaveBeenCalled()
    expect(sentBody(fetchMock, "POST", "/api/fitfeed/posts")).toEqual({
      kind: "REGULAR",
      productId: item.productId,
      text: null,
      imageUrl: "/media/uploads/fit.webp",
    })
  })

  it("shows the server's reason when publishing fails", async () => {
    const item = buildOrderItem()
    const { uploads, fetchMock } = openCreatePost({
      orders: [buildOrder({ items: [item] })],
      routes: [
        {
          method: "POST",
          path: "/api/fitfeed/posts",
          answer: () => errorResponse("You have already posted a fit for this product", 409),
        },
      ],
    })
    await screen.findByRole("radio")
    choosePhoto(photoFile())
    await waitFor(() => {
      expect(uploads).toHaveLength(1)
    })
    act(() => {
      uploads[0]!.respond(201, { url: "/media/uploads/a.jpg", thumbnailUrl: "/media/uploads/a-480.jpg" })
    })
    await screen.findByText("Photo uploaded")
    fireEvent.click(screen.getByRole("radio"))
    fireEvent.change(screen.getByLabelText("Caption (optional)"), { target: { value: "  first drop  " } })
    publish()

    expect(await within(dialog()).findByRole("alert")).toHaveTextContent(/^You have already posted a fit for this product$/)
    expect(sentBody(fetchMock, "POST", "/api/fitfeed/posts")).toMatchObject({ text: "first drop" })
  })

  it("says 'Could not publish post' when the server gives no reason", async () => {
    const { uploads } = openCreatePost({
      orders: [buildOrder()],
      routes: [{ method: "POST", path: "/api/fitfeed/posts", answer: () => new Response("", { status: 500 }) }],
    })
    await screen.findByRole("radio")
    choosePhoto(photoFile())
    await waitFor(() => {
      expect(uploads).toHaveLength(1)
    })
    act(() => {
      uploads[0]!.respond(201, { url: "/media/uploads/b.jpg", thumbnailUrl: "/media/uploads/b-480.jpg" })
    })
    await screen.findByText("Photo uploaded")
    fireEvent.click(screen.getByRole("radio"))
    publish()

    expect(await within(dialog()).findByRole("alert")).toHaveTextContent(/^Could not publish post$/)
  })

  it("drops the photo and says 'Could not upload image' when the upload fails", async () => {
    const { uploads, fetchMock } = openCreatePost({ orders: [buildOrder()] })
    await screen.findByRole("radio")
    choosePhoto(photoFile())
    await waitFor(() => {
      expect(uploads).toHaveLength(1)
    })

    act(() => {
      uploads[0]!.respond(500, {})
    })

    expect(await within(dialog()).findByRole("alert")).toHaveTextContent(/^Could not upload image$/)
    expect(screen.queryByText("Photo uploaded")).toBeNull()
    expect(callsTo(fetchMock, "POST", "/api/fitfeed/posts")).toHaveLength(0)
  })
})
