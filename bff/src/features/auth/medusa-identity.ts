import { unverifiedClaims } from "../../lib/tokens.js"
import { CommerceInternalError, medusaErrorStatus as status, type Commerce } from "../../lib/medusa.js"

export class MedusaIdentityExists extends Error {}

function splitName(name: string): { first_name: string; last_name: string } {
  const [first, ...rest] = name.trim().split(/\s+/)
  return { first_name: first ?? name, last_name: rest.join(" ") }
}

/** Shoppers' credentials live in Medusa's auth module (emailpass, actor customer); this is every call we make to it. */
export function medusaIdentity(commerce: Commerce) {
  return {
    /** Creates the credentials and the Medusa customer; returns the customer id. */
    async registerCustomer(email: string, password: string, name: string): Promise<string> {
      const sdk = await commerce.store()
      let registrationToken: string
      try {
        registrationToken = await sdk.auth.register("customer", "emailpass", { email, password })
      } catch (error) {
        if (status(error) === 401 || status(error) === 400) throw new MedusaIdentityExists(email)
        throw error
      }
      const { customer } = await sdk.store.customer.create({ email, ...splitName(name) }, {}, { Authorization: `Bearer ${registrationToken}` })
      return customer.id
    },

    /** Removes the customer and its credentials, freeing the e-mail; a customer already gone counts as removed. */
    async removeCustomer(customerId: string): Promise<void> {
      try {
        await commerce.internal(`/internal/customers/${encodeURIComponent(customerId)}`, { method: "DELETE" })
      } catch (error) {
        if (error instanceof CommerceInternalError && error.status === 404) return
        throw error
      }
    },

    /**
     * A deleted account's customer kept for its orders but anonymised (name, e-mail, phone, addresses) and its
     * credentials removed, so the old password signs nobody in and the e-mail can sign up afresh. Doing it again
     * changes nothing; a customer already gone counts as done.
     */
    async anonymiseCustomer(customerId: string): Promise<void> {
      try {
        await commerce.internal(`/internal/customers/${encodeURIComponent(customerId)}/anonymise`, { method: "POST", body: {} })
      } catch (error) {
        if (error instanceof CommerceInternalError && error.status === 404) return
        throw error
      }
    },

    /**
     * True when Medusa accepts the e-mail and password of a customer. Medusa signs any identity in with the
     * right password, a staff member's with no customer behind it too: the token must name a customer.
     */
    async checkPassword(email: string, password: string): Promise<boolean> {
      const sdk = await commerce.store()
      try {
        const result = await sdk.auth.login("customer", "emailpass", { email, password })
        if (typeof result !== "string") return false
        const { actor_id: customerId } = unverifiedClaims(result)
        return typeof customerId === "string" && customerId !== ""
      } catch (error) {
        if (status(error) === 401 || status(error) === 400) return false
        throw error
      }
    },

    /** The Medusa customer behind an e-mail, for accounts made outside the BFF (the seed's demo shopper). */
    async customerFor(email: string, password: string): Promise<{ id: string; name: string } | undefined> {
      const sdk = await commerce.store()
      const token = await sdk.auth.login("customer", "emailpass", { email, password })
      if (typeof token !== "string") return undefined
      const { customer } = await sdk.store.customer.retrieve({ fields: "id,first_name,last_name" }, { Authorization: `Bearer ${token}` })
      return { id: customer.id, name: [customer.first_name, customer.last_name].filter(Boolean).join(" ") }
    },

    /** Medusa's own single-purpose reset token for this e-mail (issued by commerce's internal route). */
    async resetToken(email: string): Promise<string> {
      const body = await commerce.internal<{ token?: unknown }>("/internal/password-reset-tokens", { method: "POST", body: { email } })
      if (typeof body.token !== "string") throw new Error("commerce answered without a reset token")
      return body.token
    },

    /** Sets a new password with a reset token; false when Medusa refuses the token. */
    async setPassword(resetToken: string, password: string): Promise<boolean> {
      const sdk = await commerce.store()
      try {
        await sdk.auth.updateProvider("customer", "emailpass", { password }, resetToken)
        return true
      } catch (error) {
        if (status(error) === 401 || status(error) === 400) return false
        throw error
      }
    },
  }
}

export type MedusaIdentity = ReturnType<typeof medusaIdentity>
