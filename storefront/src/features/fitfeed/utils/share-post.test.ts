import { afterEach, describe, expect, it, vi } from "vitest"
import { LINK_COPIED_TEXT, SHARE_TITLE, sharePost } from "./share-post"

function stubNavigator(name: "share" | "clipboard", value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true })
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "share")
  Reflect.deleteProperty(navigator, "clipboard")
})

describe("sharePost", () => {
  it("opens the native share sheet with 'Check this fit!' and the product link with the post as referral", async () => {
    const share = vi.fn().mockResolvedValue(undefined)
    stubNavigator("share", share)
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined)

    await sharePost({ id: "41", productId: "prod_01" })

    expect(share).toHaveBeenCalledWith({ title: SHARE_TITLE, url: `${window.location.origin}/product/prod_01?refPost=41` })
    expect(SHARE_TITLE).toBe("Check this fit!")
    expect(alert).not.toHaveBeenCalled()
  })

  it("copies the link and alerts 'Link copied to clipboard!' where there is no share sheet", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    stubNavigator("clipboard", { writeText })
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined)

    await sharePost({ id: "42", productId: "prod_02" })

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/product/prod_02?refPost=42`)
    expect(alert).toHaveBeenCalledWith("Link copied to clipboard!")
    expect(LINK_COPIED_TEXT).toBe("Link copied to clipboard!")
  })

  it("links to the feed with the post highlighted when the post has no product", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    stubNavigator("clipboard", { writeText })
    vi.spyOn(window, "alert").mockImplementation(() => undefined)

    await sharePost({ id: "43", productId: "" })

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/fitfeed?highlight=43`)
  })

  it("does nothing more when the visitor closes the share sheet", async () => {
    stubNavigator("share", vi.fn().mockRejectedValue(new DOMException("Share canceled", "AbortError")))
    const writeText = vi.fn().mockResolvedValue(undefined)
    stubNavigator("clipboard", { writeText })
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined)

    await sharePost({ id: "44", productId: "prod_04" })

    expect(writeText).not.toHaveBeenCalled()
    expect(alert).not.toHaveBeenCalled()
  })
})
