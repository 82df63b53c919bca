import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { UsersRepository } from "../users/index.js"
import { addressesRepository } from "./repository.js"
import { addressRoutes } from "./routes.js"
import { addressService, type AddressService } from "./service.js"

export { newAddressLimits } from "./limits.js"
export { presentAddress, type Address } from "./presenter.js"
export { medusaAddress } from "./repository.js"
export type { AddressService } from "./service.js"

type Deps = Pick<SharedDeps, "commerce" | "authentication" | "limiter"> & { users: UsersRepository }

/** The shopper's address book, kept in Medusa; checkout ships to its addresses and saves new ones to it. */
export function addressesModule({ users, commerce, authentication, limiter }: Deps): FeatureModule & { service: AddressService } {
  const addresses = addressService(users, addressesRepository(commerce))
  return { routes: addressRoutes({ addresses, authentication, limiter }), service: addresses }
}
