import type { LegalInfo } from "@fitshop/contracts"
import type { FeatureModule } from "../../http/feature-module.js"
import { legalInfo, type LegalSettings } from "./facts.js"
import { legalRoutes } from "./routes.js"

export { legalInfo, type LegalSettings }

/** The policy pages' facts: the public GET /api/legal, and `info` for the pages the server renders with them (seo). */
export function legalModule({ config }: { config: LegalSettings }): FeatureModule & { info: LegalInfo } {
  const info = legalInfo(config)
  return { routes: legalRoutes(info), info }
}
