/** How a production database gets its shop base and first staff account, instead of the demo seed. */
export const SETUP_COMMAND = "ADMIN_EMAIL=… ADMIN_PASSWORD=… medusa exec ./src/scripts/setup.ts (./src/scripts/setup.js in the built image)"

/** The demo seed makes demo products and accounts whose passwords README prints: never in production. */
export function refuseProduction(env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV !== "production") return
  throw new Error(
    `The demo seed does not run with NODE_ENV=production: it would add demo products and accounts with published passwords. Set up a production database with ${SETUP_COMMAND}.`,
  )
}
