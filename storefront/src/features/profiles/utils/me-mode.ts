import type { Location } from "react-router-dom"
import { paths } from "@/config/paths"
import { ApiError } from "@/lib/api-client"
import type { User } from "@fitshop/contracts"

/** Whether a profile key (`@handle`, `handle` or id) names the signed-in person: their profile is in me-mode. */
export const namesSessionUser = (key: string, user: User | null): boolean =>
  user !== null && (key === user.id || (user.handle !== "" && (key === user.handle || key === `@${user.handle}`)))

/** Spec section 4: in me-mode a 401 or 403 means the session is gone, so the owner signs in again. */
export const isSignInRefusal = (error: unknown): boolean => error instanceof ApiError && (error.status === 401 || error.status === 403)

/** /login with this screen as `next`, so signing in comes back here. */
export const signInHref = ({ pathname, search }: Pick<Location, "pathname" | "search">): string =>
  `${paths.login}?next=${encodeURIComponent(`${pathname}${search}`)}`
