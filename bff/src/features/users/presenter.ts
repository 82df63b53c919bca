import type { User } from "@fitshop/contracts"
import type { UserRow } from "./repository.js"

export type { User }

/** The only fields of a user row that leave the BFF. */
export function presentUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, handle: row.handle, avatarUrl: row.avatar_url, phone: row.phone, role: row.role }
}
