import { exitOnSetupError } from "./lib/fail.js"
import { commerceEnv, localSecrets, migrateAll, prepareDatabase, productCount, seed } from "./lib/stack.js"

const log = (line: string) => process.stdout.write(`▸ ${line}\n`)

/** `npm run seed`: migrates and seeds; running it again changes nothing. */
async function main() {
  const database = await prepareDatabase(log)
  try {
    const env = commerceEnv(process.env, database.url, await localSecrets())
    await migrateAll(env, log)
    await seed(env, log)
    log(`the catalogue has ${await productCount(database.url)} products`)
  } finally {
    await database.stop()
  }
}

main().catch(exitOnSetupError)
