import { randomBytes } from "node:crypto"
import type { Db } from "../src/lib/db.js"

/** A profile row made straight in the database (no Medusa customer), unverified unless told; answers its id and e-mail. */
export async function userRow(db: Db, { verified = false }: { verified?: boolean } = {}): Promise<{ id: string; email: string }> {
  const suffix = randomBytes(4).toString("hex")
  const email = `row-${suffix}@example.test`
  const { rows } = await db.query<{ id: string }>(
    `insert into bff.users (email, inbox, name, handle, email_verified_at) values ($1, $1, 'Row User', $2, $3) returning id`,
    [email, `row.${suffix}`, verified ? new Date() : null],
  )
  return { id: rows[0]!.id, email }
}
