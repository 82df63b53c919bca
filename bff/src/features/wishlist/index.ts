import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { wishlistRepository } from "./repository.js"
import { wishlistRoutes } from "./routes.js"

/** The shopper's wardrobe of saved products. */
export function wishlistModule({ db, authentication }: Pick<SharedDeps, "db" | "authentication">): FeatureModule {
  return { routes: wishlistRoutes({ wishlist: wishlistRepository(db), authentication }) }
}
