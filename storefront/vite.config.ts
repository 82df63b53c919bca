import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { defineConfig, type ProxyOptions } from "vite"
import { precompress } from "../scripts/vite/precompress.ts"

const root = fileURLToPath(new URL(".", import.meta.url))
const outDir = fileURLToPath(new URL("./dist", import.meta.url))
const bffUrl = process.env.BFF_URL ?? "http://127.0.0.1:8080"

/** The storefront calls the BFF on its own origin; in dev and preview Vite forwards those paths. */
const proxy: Record<string, ProxyOptions> = {
  "/api": { target: bffUrl },
  "/media": { target: bffUrl },
  // The Razorpay and Shiprocket emulators (development without real keys).
  "/emulator": { target: bffUrl },
}

export default defineConfig({
  root,
  base: "/",
  plugins: [react(), precompress(outDir)],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  // The manifest tells the bundle-size check which files the first page load needs.
  build: { outDir, emptyOutDir: true, manifest: true },
})
