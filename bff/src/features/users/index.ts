import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import type { UploadsService } from "../uploads/index.js"
import { usersRepository, type UsersRepository } from "./repository.js"
import { userRoutes } from "./routes.js"

export { presentUser, type User } from "./presenter.js"
export { isStaffRow, isUniqueViolation, usersRepository, type UserRow, type UsersRepository } from "./repository.js"
export { HANDLE_TAKEN, inboxOf, isValidHandle, normalizeEmail, normalizeHandle } from "./rules.js"

type Deps = Pick<SharedDeps, "db" | "authentication" | "limiter"> & { uploads: UploadsService }

/** The shopper's account and FITFEED profile; its repository is every other feature's way to a user row. */
export function usersModule({ db, authentication, limiter, uploads }: Deps): FeatureModule & { repository: UsersRepository } {
  const repository = usersRepository(db)
  return { routes: userRoutes({ users: repository, authentication, uploads, limiter }), repository }
}
