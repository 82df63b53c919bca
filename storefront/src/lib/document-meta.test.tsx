import { afterEach, describe, expect, it } from "vitest"
import { homeMeta, privatePageMeta, searchMeta, shopMeta } from "@fitshop/contracts"
import { applyDocumentMeta } from "./document-meta"

const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null
const robots = () => [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="robots"]')].map((meta) => meta.content)
const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? null

afterEach(() => {
  document.head.innerHTML = ""
  document.title = ""
})

describe("applyDocumentMeta", () => {
  it("sets the title, the description and an absolute canonical link, making the tags it lacks", () => {
    applyDocumentMeta(shopMeta({ gender: "WOMEN", styleGroup: "TRADITIONS" }))

    expect(document.title).toBe("Shop Women's traditional wear | Build Your Fit")
    expect(description()).toMatch(/^Women's traditional wear at Build Your Fit/)
    expect(canonical()).toBe(`${window.location.origin}/shop?g=WOMEN&wg=TRADITIONS`)
    expect(document.head.querySelectorAll("meta[name=description], link[rel=canonical]")).toHaveLength(2)
  })

  it("replaces the tags the page came with, and drops the canonical link on a page that has none", () => {
    applyDocumentMeta(homeMeta())
    applyDocumentMeta(privatePageMeta("Cart"))

    expect(document.title).toBe("Cart | Build Your Fit")
    expect(description()).toBe(homeMeta().description)
    expect(canonical()).toBeNull()
    expect(document.head.querySelectorAll("meta[name=description]")).toHaveLength(1)
  })

  it("keeps a search that found nothing out of indexes, and lets the next page be indexed again", () => {
    applyDocumentMeta(searchMeta("zzqx", 0))
    applyDocumentMeta(searchMeta("zzqx", 0))
    expect(robots()).toEqual(["noindex"])
    expect(canonical()).toBeNull()

    applyDocumentMeta(searchMeta("black hoodie", 3))
    expect(robots()).toEqual([])
    expect(canonical()).toBe(`${window.location.origin}/search?q=black+hoodie`)
  })
})
