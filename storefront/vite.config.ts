import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { defineConfig, type ProxyOptions } from "vite"
// "#vite-plugins" is @fitshop/vite-plugins by this package's import map: Vite bundles the config with what a "#" import
// resolves to, while it leaves a bare package name for Node to load, and Node cannot read the package's TypeScript
// (vitejs/vite#5370).
import { precompress } from "#vite-plugins"
import { paintFirst } from "./build/paint-first.ts"
import { serviceWorker } from "./build/service-worker.ts"

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

export default defineConfig(({ isSsrBuild }) => ({
  root,
  // The public files (icons, manifest, offline page) are the browser build's; the server render needs none.
  publicDir: isSsrBuild ? false : "public",
  base: "/",
  plugins: [react(), paintFirst(), serviceWorker(outDir), precompress(outDir)],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  // The manifest tells the bundle-size check which files the first page load needs.
  build: { outDir, emptyOutDir: true, manifest: true },
  // The server render (`vite build --ssr src/entry-server.tsx --outDir dist-server`, run by the BFF) holds React and
  // everything else it needs: one file, nothing resolved from node_modules where the BFF runs.
  ssr: { noExternal: true, target: "node" },
  // The server render runs the React build the browser's bundle was made with (production unless built with
  // NODE_ENV=development, as the development stack does), whatever NODE_ENV the BFF runs under: the production one
  // renders in half the time, and its JSX must meet the runtime it was compiled for.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify(process.env.NODE_ENV === "development" ? "development" : "production") } : undefined,
}))
