let renderingAt: string | null = null

/** The origin the page is shown at: the browser's, or, while the server renders a page, the one it was asked at. */
export const pageOrigin = (): string => renderingAt ?? window.location.origin

/** Runs a server render (synchronous, so no other request's render can interleave) as seen from `origin`. */
export function renderedAt<T>(origin: string, render: () => T): T {
  renderingAt = origin
  try {
    return render()
  } finally {
    renderingAt = null
  }
}
