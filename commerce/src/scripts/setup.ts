import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ensureStaffUser } from "./seed/accounts"
import { ensureShopBase } from "./seed/shop-base"
import { adminCredentialsFrom } from "./setup/admin-credentials"

/**
 * `medusa exec ./src/scripts/setup.ts`: a production database's first staff account (ADMIN_EMAIL, ADMIN_PASSWORD)
 * and the shop base the demo seed also makes, without demo products or accounts. Running it again changes nothing.
 */
export default async function setup({ container }: ExecArgs) {
  const admin = adminCredentialsFrom(process.env)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const base = await ensureShopBase(container)
  logger.info("Store, region, tax region, sales channel, stock location, shipping and publishable key are in place")
  if ((await ensureStaffUser(container, admin)) === "created") logger.info(`Staff account ${admin.email} created`)
  else logger.info(`Staff account ${admin.email} exists already: it and its password were left as they are`)
  logger.info(`MEDUSA_PUBLISHABLE_KEY=${base.publishableKey} (optional for the BFF, which finds this key in the shared database by itself)`)
}
