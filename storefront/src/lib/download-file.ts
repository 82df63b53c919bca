import { parseJson, webClient } from "./api-client"

/** How long a saved file's object URL lives: the browser has begun saving it well before. */
const OBJECT_URL_LIFETIME_MS = 60_000

/** The file name a Content-Disposition header gives (`attachment; filename="invoice-BYF-26-27-000123.pdf"`), if any. */
export function attachmentName(disposition: string | null): string | null {
  const name = disposition ? /filename="?([^";]+)"?/i.exec(disposition)?.[1] : undefined
  return name?.trim() || null
}

/**
 * Saves a file the BFF answers only to the signed-in shopper (a tax invoice's PDF): a plain link sends no Bearer
 * token, so it is fetched through the shop's one client (token, refresh and retry) and handed to the browser to
 * save under the server's file name. A refused download throws the client's ApiError.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await webClient.withSession((accessToken) =>
    fetch(path, { headers: { ...webClient.headers(accessToken), Accept: "application/pdf, application/json" }, credentials: "include" }),
  )
  if (!response.ok) throw webClient.failure({ status: response.status, statusText: response.statusText, body: parseJson(await response.text()) })
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement("a")
  link.href = url
  link.download = attachmentName(response.headers.get("Content-Disposition")) ?? fallbackName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, OBJECT_URL_LIFETIME_MS)
}
