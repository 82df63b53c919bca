import { z } from "zod"
import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import type { MedusaIdentity } from "./medusa-identity.js"

/** A sign-up whose code was never entered stops holding its e-mail and handle after this long. */
export const UNVERIFIED_TTL_MS = 24 * 60 * 60 * 1000
/** Removes one unverified sign-up once it is 24 hours old (queued at sign-up, delayed). */
export const EXPIRE_SIGNUP_JOB = "auth.expire-signup"
/** Fails after 10 runs (≈ 36 min): its own work is one delete; Medusa's side is REMOVE_CUSTOMER_JOB's. */
const EXPIRE_SIGNUP_ATTEMPTS = 10
/** Removes the Medusa customer and credentials of a removed sign-up, retried until Medusa answers. */
export const REMOVE_CUSTOMER_JOB = "auth.remove-medusa-customer"
/** Fails after 30 runs (≈ 5.5 h of Medusa not answering); staff retry it. */
const REMOVE_CUSTOMER_ATTEMPTS = 30

/** SQL: the row is a sign-up never verified and older than the time it had. */
const EXPIRED = `email_verified_at is null and created_at <= now() - $2 * interval '1 millisecond'`

const expirePayload = z.object({ userId: z.string().uuid() })
const removePayload = z.object({ customerId: z.string().min(1) })

/**
 * Unverified sign-ups expire after 24 hours: the row goes (freeing the e-mail and handle) and so do the
 * Medusa customer and credentials that sign-up registered, else the next sign-up of the e-mail would find
 * them. A delayed job removes each one on time; a sign-up that needs the e-mail or handle sooner than the
 * job runs removes the expired holder itself.
 */
export function unverifiedSignups({ db, identity, logger }: { db: Db; identity: MedusaIdentity; logger: Logger }) {
  /** Deletes the expired rows the condition picks, atomically, and queues their Medusa side; answers its customer ids. */
  async function deleteExpired(condition: string, params: unknown[]): Promise<string[]> {
    return transaction(db, async (client) => {
      const { rows } = await client.query<{ medusa_customer_id: string | null }>(
        `delete from bff.users where ${EXPIRED} and (${condition}) returning medusa_customer_id`,
        [params[0], UNVERIFIED_TTL_MS, ...params.slice(1)],
      )
      const customerIds = rows.flatMap((row) => (row.medusa_customer_id ? [row.medusa_customer_id] : []))
      // Durable first: if the call below fails, the job removes the customer later.
      for (const customerId of customerIds) await enqueueJob(client, REMOVE_CUSTOMER_JOB, customerId, { customerId })
      return customerIds
    })
  }

  async function removeCustomers(customerIds: string[]) {
    for (const customerId of customerIds) await identity.removeCustomer(customerId)
  }

  return {
    /** Queues the removal of a new sign-up for when its time is up. */
    async scheduleExpiry(userId: string): Promise<void> {
      await enqueueJob(db, EXPIRE_SIGNUP_JOB, userId, { userId }, UNVERIFIED_TTL_MS)
    },

    /** True when the account is an unverified sign-up past its 24 hours (treated as gone until removed). */
    async isExpired(userId: string): Promise<boolean> {
      const { rowCount } = await db.query(`select 1 from bff.users where id = $1 and ${EXPIRED}`, [userId, UNVERIFIED_TTL_MS])
      return Boolean(rowCount)
    },

    /** Marks a sign-up verified unless its time is up (atomic with the removal); false when it expired. */
    async markVerified(userId: string): Promise<boolean> {
      const { rowCount } = await db.query(
        `update bff.users set email_verified_at = now(), updated_at = now()
          where id = $1 and email_verified_at is null and created_at > now() - $2 * interval '1 millisecond'`,
        [userId, UNVERIFIED_TTL_MS],
      )
      return Boolean(rowCount)
    },

    /** Frees an e-mail and a handle held by expired sign-ups, here and in Medusa, before a new sign-up takes them. */
    async freeFor(email: string, handle: string): Promise<void> {
      const customerIds = await deleteExpired("email = $1 or handle = $3", [email, handle])
      if (customerIds.length) logger.info({ count: customerIds.length }, "removed expired unverified sign-ups")
      await removeCustomers(customerIds)
    },

    expireJob: {
      maxAttempts: EXPIRE_SIGNUP_ATTEMPTS,
      async run(job: Job): Promise<void> {
        const { userId } = expirePayload.parse(job.payload)
        await removeCustomers(await deleteExpired("id = $1", [userId]))
      },
    } satisfies JobHandler,

    removeCustomerJob: {
      maxAttempts: REMOVE_CUSTOMER_ATTEMPTS,
      async run(job: Job): Promise<void> {
        await identity.removeCustomer(removePayload.parse(job.payload).customerId)
      },
    } satisfies JobHandler,
  }
}

export type UnverifiedSignups = ReturnType<typeof unverifiedSignups>
