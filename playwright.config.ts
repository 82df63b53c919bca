import { randomBytes } from "node:crypto"
import { tmpdir } from "node:os"
import path from "node:path"
import { defineConfig } from "@playwright/test"

const port = Number(process.env.E2E_PORT || 8181)
const medusaPort = Number(process.env.E2E_MEDUSA_PORT || 9181)
// Set once in the runner; workers inherit it, so every process agrees on the throwaway database.
process.env.E2E_DATABASE_URL ??= `postgres://postgres@127.0.0.1:5432/fitshop_e2e_${randomBytes(4).toString("hex")}`
process.env.E2E_MEDIA_DIR ??= path.join(tmpdir(), `fitshop-e2e-media-${randomBytes(4).toString("hex")}`)

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node --import tsx scripts/start.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGINT", timeout: 20_000 },
    env: {
      // The journeys read the dev outbox and pay through the emulators: development tools, asked for explicitly.
      NODE_ENV: "development",
      PORT: String(port),
      MEDUSA_PORT: String(medusaPort),
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      REDIS_URL: process.env.E2E_REDIS_URL || "redis://127.0.0.1:6379",
      MEDIA_DIR: process.env.E2E_MEDIA_DIR,
      DISABLE_ADMIN: "true",
      LOG_LEVEL: "warn",
      // The demo posts would arrive while the journeys run and change what the feed shows first.
      FITFEED_DEMO: "off",
    },
  },
})
