export const USER_ROLES = ["customer", "admin"] as const
export type UserRole = (typeof USER_ROLES)[number]

/** A signed-in person as the BFF sends them: the only fields of a user that leave it. */
export type User = {
  id: string
  name: string
  email: string
  handle: string
  avatarUrl: string | null
  phone: string | null
  role: UserRole
}

/** What sign-in, e-mail verification and token refresh answer with. */
export type AuthSession = { accessToken: string; user: User }
