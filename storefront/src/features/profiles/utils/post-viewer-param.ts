/** The query parameter naming the post the full-screen viewer shows, so the back button closes it. */
export const POST_VIEWER_PARAM = "pv"

/** Location state of a viewer opened from the grid: closing it can then go back instead of adding a history entry. */
export const viewerOpenedHere = { postViewerOpenedHere: true } as const

export const isViewerOpenedHere = (state: unknown): boolean =>
  typeof state === "object" && state !== null && "postViewerOpenedHere" in state && state.postViewerOpenedHere === true
