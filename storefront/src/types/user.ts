export type UserRole = "customer" | "admin"

/** A signed-in person as the BFF sends it (and as it is kept under the `me` storage key). */
export type User = {
  id: string
  name: string
  email: string
  handle: string
  avatarUrl: string | null
  phone: string | null
  role: UserRole
}

/** What login, e-mail verification and token refresh answer with. */
export type AuthSession = {
  accessToken: string
  user: User
}
