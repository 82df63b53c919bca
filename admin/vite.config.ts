import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { defineConfig, type ProxyOptions } from "vite"
// "#vite-plugins" is @fitshop/vite-plugins by this package's import map: Vite bundles the config with what a "#" import
// resolves to, while it leaves a bare package name for Node to load, and Node cannot read the package's TypeScript
// (vitejs/vite#5370).
import { precompress } from "#vite-plugins"

const root = fileURLToPath(new URL(".", import.meta.url))
const outDir = fileURLToPath(new URL("./dist", import.meta.url))
const bffUrl = process.env.BFF_URL ?? "http://127.0.0.1:8080"

/** The console calls the BFF on its own origin; in dev and preview Vite forwards those paths. */
const proxy: Record<string, ProxyOptions> = {
  "/api": { target: bffUrl },
  "/media": { target: bffUrl },
}

export default defineConfig({
  root,
  base: "/admin/",
  plugins: [react(), precompress(outDir)],
  server: { port: 5174, strictPort: true, proxy },
  preview: { port: 4174, strictPort: true, proxy },
  build: {
    outDir,
    emptyOutDir: true,
    // react-admin with Material UI is one ~850 kB bundle (~270 kB gzip), loaded only under /admin.
    chunkSizeWarningLimit: 1000,
  },
})
