import { createContext, use, useEffect } from "react"
import type { PageMeta } from "@fitshop/contracts"
import { pageOrigin } from "./page-origin"

/** How a page tells the server render what it is called and its status; given only there (entry-server.tsx). */
export type TellServer = (meta: PageMeta, status: 200 | 404) => void

export const ServerPageContext = createContext<TellServer | null>(null)

function headElement<K extends "meta" | "link">(tag: K, selector: string, attributes: Record<string, string>): HTMLElementTagNameMap[K] {
  const found = document.head.querySelector<HTMLElementTagNameMap[K]>(selector)
  if (found) return found
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.head.append(element)
  return element
}

const ROBOTS_META = 'meta[name="robots"]'

/**
 * The document's title, description, canonical link and robots tag as the page's; a page without a canonical address
 * has no link, and only a page kept out of indexes has `<meta name="robots" content="noindex">`.
 */
export function applyDocumentMeta({ title, description, canonicalPath, noindex = false }: PageMeta): void {
  document.title = title
  headElement("meta", 'meta[name="description"]', { name: "description" }).content = description
  if (canonicalPath === null) document.head.querySelector('link[rel="canonical"]')?.remove()
  else headElement("link", 'link[rel="canonical"]', { rel: "canonical" }).href = new URL(canonicalPath, pageOrigin()).href
  if (noindex) headElement("meta", ROBOTS_META, { name: "robots" }).content = "noindex"
  else document.head.querySelector(ROBOTS_META)?.remove()
}

/**
 * Names the page for search engines and the browser: told to the server render, which writes it into the HTML
 * it sends (with the status: the 404 page answers 404), and set on the document after each client-side navigation.
 */
export function useDocumentMeta(meta: PageMeta, status: 200 | 404 = 200): void {
  use(ServerPageContext)?.(meta, status)
  const { title, description, canonicalPath, noindex } = meta
  useEffect(() => {
    applyDocumentMeta({ title, description, canonicalPath, noindex })
  }, [title, description, canonicalPath, noindex])
}
