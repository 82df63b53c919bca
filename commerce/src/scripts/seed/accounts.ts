import { createUserAccountWorkflow } from "@medusajs/medusa/core-flows"
import type { ExecArgs } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

type Container = ExecArgs["container"]

export type Credentials = { email: string; password: string }
export type StaffAccount = Credentials & { firstName?: string; lastName?: string }

/** Credentials in Medusa's auth module (emailpass), the same way Medusa's own sign-up creates them. */
export async function registerEmailPassword(container: Container, { email, password }: Credentials): Promise<string> {
  const { authIdentity, error } = await container.resolve(Modules.AUTH).register("emailpass", { body: { email, password } })
  if (!authIdentity) throw new Error(`Could not register ${email}: ${error}`)
  return authIdentity.id
}

/** A dashboard user who signs in with e-mail and password; one that exists already is left as it is, password included. */
export async function ensureStaffUser(container: Container, account: StaffAccount): Promise<"created" | "existed"> {
  const [existing] = await container.resolve(Modules.USER).listUsers({ email: account.email })
  if (existing) return "existed"
  const authIdentityId = await registerEmailPassword(container, account)
  await createUserAccountWorkflow(container).run({
    input: { authIdentityId, userData: { email: account.email, first_name: account.firstName, last_name: account.lastName } },
  })
  return "created"
}
