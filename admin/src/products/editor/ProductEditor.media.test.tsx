import { fireEvent, screen, waitFor } from "@testing-library/react"
import { beforeEach, describe, expect, it } from "vitest"
import { stubRoutes } from "../../testing/route-fetch"
import { renderWithDataProvider } from "../../testing/render-console"
import { stubUploads } from "../../testing/xhr-stub"
import { writeDraft } from "./autosave"
import { EMPTY_FORM } from "./form-state"
import { ProductEditor } from "./ProductEditor"

const ready = {
  ...EMPTY_FORM,
  title: "Boxy tee",
  price: "799",
  categoryType: "UPPERS" as const,
  subcategory: "Regular",
  sizes: [{ size: "M", stock: "3", measurements: {} }],
}

const photo = (name: string) => new File(["jpeg"], name, { type: "image/jpeg" })

function openMedia() {
  writeDraft(ready)
  stubRoutes({})
  renderWithDataProvider(<ProductEditor />)
  fireEvent.click(screen.getByRole("tab", { name: "Media" }))
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => undefined })
})

describe("ProductEditor media", { timeout: 20_000 }, () => {
  it("uploads an image as multipart 'image', previews it at once, then shows the uploaded url as primary", async () => {
    const sent = stubUploads(() => ({ status: 201, body: { url: "/media/p/1.jpg", thumbnailUrl: "/media/p/1-480.jpg" } }))
    openMedia()

    fireEvent.change(screen.getByLabelText("Add images"), { target: { files: [photo("front.jpg")] } })

    expect(screen.getByRole("img", { name: "Product image" })).toHaveAttribute("src", "blob:preview")
    expect(screen.getByRole("progressbar", { name: "Uploading image" })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole("img", { name: "Product image" })).toHaveAttribute("src", "/media/p/1.jpg"))
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument()
    expect(screen.getByRole("radio", { name: "Primary image" })).toBeChecked()
    expect(sent[0]?.url).toBe("/api/uploads/image")
    expect(sent[0]?.form.get("image")).toBeInstanceOf(File)
    expect(screen.queryByText("Add at least one image or video")).not.toBeInTheDocument()
  })

  it("lets the user choose another primary, unsetting the first", async () => {
    let next = 0
    stubUploads(() => {
      next += 1
      return { status: 201, body: { url: `/media/p/${String(next)}.jpg` } }
    })
    openMedia()

    fireEvent.change(screen.getByLabelText("Add images"), { target: { files: [photo("a.jpg"), photo("b.jpg")] } })
    await waitFor(() => expect(screen.queryByRole("progressbar")).not.toBeInTheDocument())
    const [first, second] = screen.getAllByRole("radio", { name: "Primary image" })
    expect(first).toBeChecked()
    fireEvent.click(second as HTMLElement)

    expect(first).not.toBeChecked()
    expect(second).toBeChecked()
  })

  it("removes a failed image upload and says Image upload failed", async () => {
    stubUploads(() => ({ status: 500, body: { message: "sharp failed" } }))
    openMedia()

    fireEvent.change(screen.getByLabelText("Add images"), { target: { files: [photo("front.jpg")] } })

    expect(await screen.findByText("Image upload failed")).toBeInTheDocument()
    expect(screen.queryByRole("img", { name: "Product image" })).not.toBeInTheDocument()
    expect(screen.getByText("Add at least one image or video")).toBeInTheDocument()
  })

  it("removes a failed video upload and says Video upload failed", async () => {
    const sent = stubUploads(() => ({ status: 413, body: { message: "too big" } }))
    openMedia()

    fireEvent.change(screen.getByLabelText("Add videos"), { target: { files: [new File(["mp4"], "clip.mp4", { type: "video/mp4" })] } })

    expect(await screen.findByText("Video upload failed")).toBeInTheDocument()
    expect(sent[0]?.url).toBe("/api/uploads/video")
    expect(sent[0]?.form.get("video")).toBeInstanceOf(File)
  })
})
