import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"

/** Where uploaded and generated files live; local disk now, S3-compatible storage behind the same interface later. */
export type Storage = { put(key: string, body: Buffer, contentType: string): Promise<{ url: string }> }

export function localDiskStorage(root: string, publicPrefix = "/media"): Storage {
  return {
    async put(key, body) {
      if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`)
      const file = path.join(root, key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, body)
      return { url: `${publicPrefix}/${key}` }
    },
  }
}
