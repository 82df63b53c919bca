import { createServer, type RequestListener } from "node:http"
import { inject } from "vitest"

/**
 * Receives the notices the run's Medusa sends to the BFF's internal listener (BFF_INTERNAL_URL) while the test
 * runs, passing on only the paths the test names to its app's internal listener; the rest, meant for nobody
 * here (other test files' catalogue changes and cancellations), are acknowledged and dropped. One test file at
 * a time may hold the port.
 */
export async function receiveMedusaNotices(internal: RequestListener, paths: RegExp): Promise<{ close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    if (paths.test(req.url ?? "")) return internal(req, res)
    req.resume()
    res.writeHead(204).end()
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(inject("noticesPort"), "127.0.0.1", resolve)
  })
  return { close: () => new Promise((resolve) => server.close(() => resolve())) }
}
