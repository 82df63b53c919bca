import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { bagService, type BagService } from "./bag.js"
import { cartRoutes } from "./routes.js"

export type { BagService } from "./bag.js"

/** The shopper's bag; checkout reads and empties it. */
export function cartModule({ db, authentication }: Pick<SharedDeps, "db" | "authentication">): FeatureModule & { bag: BagService } {
  const bag = bagService({ db })
  return { routes: cartRoutes({ bag, authentication }), bag }
}
