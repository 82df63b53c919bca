import type { UserRow } from "./repository.js"

export type User = { id: string; name: string; email: string; handle: string; avatarUrl: string | null; phone: string | null; role: string }

/** The only fields of a user row that leave the BFF. */
export function presentUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, handle: row.handle, avatarUrl: row.avatar_url, phone: row.phone, role: row.role }
}
