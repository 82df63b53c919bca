import { describe, expect, it } from "vitest"
import { buildProduct } from "@/testing/product-factory"
import type { ProductImage } from "@fitshop/contracts"
import { getPrimaryImage, imageSourceProps, resolveMediaUrl } from "./product-image"

const image = (url: string, overrides: Partial<ProductImage> = {}): ProductImage => ({
  url,
  altText: null,
  isPrimary: false,
  position: 0,
  ...overrides,
})

const origin = window.location.origin
const SRC_SET = "/media/products/x.webp?w=320 320w, /media/products/x.webp?w=800 800w"

describe("getPrimaryImage", () => {
  it("uses the primary image even when imageUrl and earlier images exist", () => {
    const product = buildProduct({
      imageUrl: "/media/legacy.jpg",
      images: [image("/media/first.jpg", { position: 0 }), image("/media/primary.jpg", { position: 1, isPrimary: true, altText: "Front view" })],
    })
    expect(getPrimaryImage(product)).toEqual({ url: `${origin}/media/primary.jpg`, alt: "Front view" })
  })

  it("falls back to imageUrl when no image is primary", () => {
    const product = buildProduct({ imageUrl: "/media/legacy.jpg", images: [image("/media/first.jpg")] })
    expect(getPrimaryImage(product)?.url).toBe(`${origin}/media/legacy.jpg`)
  })

  it("falls back to the first image by position when there is no primary and no imageUrl", () => {
    const product = buildProduct({
      imageUrl: null,
      images: [image("/media/second.jpg", { position: 2 }), image("/media/first.jpg", { position: 1 })],
    })
    expect(getPrimaryImage(product)?.url).toBe(`${origin}/media/first.jpg`)
  })

  it("skips images with a blank url", () => {
    const product = buildProduct({
      imageUrl: null,
      images: [image("  ", { isPrimary: true }), image("/media/kept.jpg", { position: 3 })],
    })
    expect(getPrimaryImage(product)?.url).toBe(`${origin}/media/kept.jpg`)
  })

  it("names the image by the product title when it has no alt text", () => {
    const product = buildProduct({ title: "Night Rider Hoodie", images: [image("/media/a.jpg", { isPrimary: true })] })
    expect(getPrimaryImage(product)?.alt).toBe("Night Rider Hoodie")
  })

  it("returns the chosen image's srcSet as the BFF sent it", () => {
    const product = buildProduct({
      images: [image("/media/other.jpg", { srcSet: "/media/other.jpg?w=320 320w" }), image("/media/x.webp", { isPrimary: true, position: 1, srcSet: SRC_SET })],
    })
    expect(getPrimaryImage(product)).toMatchObject({ url: `${origin}/media/x.webp`, srcSet: SRC_SET })
  })

  it("has no srcSet when the image has none, a blank one, or the picture is imageUrl", () => {
    expect(getPrimaryImage(buildProduct({ images: [image("/media/a.jpg", { isPrimary: true })] }))).not.toHaveProperty("srcSet")
    expect(getPrimaryImage(buildProduct({ images: [image("/media/a.jpg", { isPrimary: true, srcSet: " " })] }))).not.toHaveProperty("srcSet")
    expect(getPrimaryImage(buildProduct({ imageUrl: "/media/legacy.jpg", images: [image("/media/a.jpg", { srcSet: SRC_SET })] }))).not.toHaveProperty("srcSet")
  })

  it("is null when the product has no image at all", () => {
    expect(getPrimaryImage(buildProduct({ imageUrl: null, images: [] }))).toBeNull()
  })
})

describe("resolveMediaUrl", () => {
  it("resolves relative paths against the page origin", () => {
    expect(resolveMediaUrl("media/relative.jpg")).toBe(`${origin}/media/relative.jpg`)
    expect(resolveMediaUrl("/media/rooted.jpg")).toBe(`${origin}/media/rooted.jpg`)
  })

  it("uses http(s) addresses as they are", () => {
    expect(resolveMediaUrl("https://cdn.example.test/a.jpg?w=600")).toBe("https://cdn.example.test/a.jpg?w=600")
  })
})

describe("imageSourceProps", () => {
  it("adds srcSet and sizes only when the image has a srcSet", () => {
    expect(imageSourceProps({ url: "/a.jpg", srcSet: SRC_SET, alt: "" }, "80px")).toEqual({
      src: "/a.jpg",
      srcSet: SRC_SET,
      sizes: "80px",
    })
    expect(imageSourceProps({ url: "/a.jpg", alt: "" }, "80px")).toEqual({ src: "/a.jpg" })
  })
})
