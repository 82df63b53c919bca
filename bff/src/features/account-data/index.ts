import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { AddressService } from "../addresses/index.js"
import type { MedusaIdentity, SessionStore } from "../auth/index.js"
import type { UsersRepository } from "../users/index.js"
import { accountDeletion, ANONYMISE_CUSTOMER_JOB } from "./deletion.js"
import { accountExport } from "./export.js"
import { accountDataRoutes } from "./routes.js"

export { DELETION_TEXTS } from "./deletion.js"

type Deps = Pick<SharedDeps, "db" | "logger" | "authentication" | "limiter"> & {
  users: UsersRepository
  sessions: SessionStore
  identity: MedusaIdentity
  addresses: AddressService
}

/** A person's data rights (DPDP Act 2023): a copy of everything held about them, and their account's deletion. */
export function accountDataModule({ db, logger, authentication, limiter, users, sessions, identity, addresses }: Deps): FeatureModule {
  const deletion = accountDeletion({ db, logger, users, sessions, identity, forgetTrustedSessions: authentication.forgetTrustedSessions })
  return {
    routes: accountDataRoutes({ authentication, limiter, exportOf: accountExport({ db, users, addresses }), deletion }),
    jobs: { [ANONYMISE_CUSTOMER_JOB]: deletion.anonymiseCustomerJob },
  }
}
