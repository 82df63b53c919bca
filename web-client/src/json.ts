/** A response body as JSON; null when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
