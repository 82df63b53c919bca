import { randomBytes } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import S3rver from "s3rver"

/** s3rver's fixed credentials: it checks every request's signature against them. */
const S3RVER_KEY = "S3RVER"

/**
 * A real S3-compatible server on a free port, with one empty bucket in a throwaway folder; `env` is what a BFF needs
 * to keep its media there, and `stop` removes it all.
 */
export async function startS3Server() {
  const directory = await mkdtemp(path.join(tmpdir(), "fitshop-s3-"))
  const bucket = `media-${randomBytes(4).toString("hex")}`
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    stop: async () => {
      // The apps' S3 clients keep their sockets open; close them so the server can stop.
      server.httpServer?.closeAllConnections()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
