import { z } from "zod"
import { medusaErrorStatus as status, type Commerce } from "../../lib/medusa.js"

/** A Medusa admin user as the console's sign-in needs them. */
export type MedusaStaffUser = { id: string; email: string; name: string }

const adminUser = z.object({
  id: z.string().min(1),
  email: z.string().min(1),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
})

const existsAnswer = z.object({ exists: z.boolean() })

/** Medusa's answers that mean "not these credentials" or "not an admin user", as opposed to Medusa failing. */
const refused = (error: unknown) => [400, 401, 403, 404].includes(status(error) ?? 0)

/** Staff credentials live in Medusa's auth module (emailpass, actor `user`): the admin users ops sign in with. */
export function medusaStaff(commerce: Commerce) {
  return {
    /**
     * The Medusa admin user these credentials sign in, or undefined. Medusa hands out an actor `user` token
     * for any identity with the right password (a shopper's too, with no user behind it), so the user is
     * read back with the token: only a real admin user answers.
     */
    async userFor(email: string, password: string): Promise<MedusaStaffUser | undefined> {
      const sdk = await commerce.store()
      let token: unknown
      try {
        token = await sdk.auth.login("user", "emailpass", { email, password })
      } catch (error) {
        if (refused(error)) return undefined
        throw error
      }
      if (typeof token !== "string" || !token) return undefined
      let answer: unknown
      try {
        answer = (await sdk.admin.user.me({ fields: "id,email,first_name,last_name" }, { Authorization: `Bearer ${token}` })).user
      } catch (error) {
        if (refused(error)) return undefined
        throw error
      }
      const user = adminUser.parse(answer)
      const name = [user.first_name, user.last_name].filter(Boolean).join(" ").trim()
      return { id: user.id, email: user.email, name }
    },

    /** Whether the Medusa admin user still exists (not deleted in Medusa's dashboard); throws if Medusa can't say. */
    async exists(medusaUserId: string): Promise<boolean> {
      const answer = await commerce.internal<unknown>(`/internal/admin-users/${encodeURIComponent(medusaUserId)}`)
      return existsAnswer.parse(answer).exists
    },
  }
}

export type MedusaStaff = ReturnType<typeof medusaStaff>
