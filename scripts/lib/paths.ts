import path from "node:path"
import { fileURLToPath } from "node:url"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
export const COMMERCE = path.join(ROOT, "commerce")
export const VAR = path.join(ROOT, "var")
export const BIN = {
  medusa: path.join(COMMERCE, "node_modules", ".bin", "medusa"),
  tsx: path.join(ROOT, "node_modules", ".bin", "tsx"),
  vite: path.join(ROOT, "node_modules", ".bin", "vite"),
}
/** The BFF as development runs it, with the Razorpay and Shiprocket emulators mounted (bff/src/main.ts is production's, without). */
export const DEV_BFF_ENTRY = path.join(ROOT, "emulators", "src", "main.ts")
