import { z } from "zod"
import { transaction, type Db } from "../../lib/db.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import type { Logger } from "../../lib/logger.js"
import { usersRepository } from "../users/index.js"
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

/** What one sign-up gave, which the account takes if that sign-up's code is the one entered (marketing: off unless ticked). */
export type SignupProfile = { name: string; handle: string; marketingOptIn?: boolean }

const expirePayload = z.object({ userId: z.string().uuid() })
const removePayload = z.object({ customerId: z.string().min(1) })

/**
 * Unverified sign-ups expire after 24 hours: the row goes (freeing the e-mail and handle) and so do the
 * Medusa customer and credentials that sign-up registered, else the next sign-up of the e-mail would find
 * them. A delayed job removes each one on time; a sign-up that needs the e-mail or handle sooner than the
 * job runs removes the expired holder itself.
 *
 * Every sign-up of an address not yet verified is kept (bff.signups) with the name and handle it gave and
 * codes of its own, so whoever enters a code gets their own sign-up's name and handle, never a stranger's.
 * The account's row is locked first by everything that adds, verifies or removes its sign-ups, so they wait
 * for each other in one order.
 */
export function unverifiedSignups({ db, identity, logger }: { db: Db; identity: MedusaIdentity; logger: Logger }) {
  const users = usersRepository(db)

  /** Deletes the unverified shop rows picked, atomically with queuing their Medusa side; answers how many and their customer ids. */
  async function deleteUnverified(pick: Parameters<typeof users.deleteUnverified>[0]): Promise<{ removed: number; customerIds: string[] }> {
    return transaction(db, async (client) => {
      const removed = await users.deleteUnverified(pick, client)
      const customerIds = removed.flatMap((customerId) => (customerId ? [customerId] : []))
      // Durable first: if the call below fails, the job removes the customer later.
      for (const customerId of customerIds) await enqueueJob(client, REMOVE_CUSTOMER_JOB, customerId, { customerId })
      return { removed: removed.length, customerIds }
    })
  }

  async function deleteExpired(holding: { id: string } | { email: string; handle: string }): Promise<string[]> {
    const { customerIds } = await deleteUnverified({ ...holding, olderThanMs: UNVERIFIED_TTL_MS })
    return customerIds
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

    /**
     * Records a sign-up of an unverified account (its first, in the transaction that makes the row, or a later one);
     * undefined when the account is verified or gone. Throws the unique violation of signups_handle_key when
     * another sign-up holds the handle.
     */
    async add(userId: string, profile: SignupProfile, client: Pick<Db, "query"> = db): Promise<string | undefined> {
      const { rows } = await client.query<{ id: string }>(
        `insert into bff.signups (user_id, name, handle, marketing_opt_in)
         select id, $2, $3, $4 from bff.users where id = $1 and email_verified_at is null for update
         returning id`,
        [userId, profile.name, profile.handle, profile.marketingOptIn ?? false],
      )
      return rows[0]?.id
    },

    /** The account's latest sign-up, which a resent code is for; a row made without one is its own. Undefined once verified. */
    async latest(userId: string): Promise<string | undefined> {
      const { rows } = await db.query<{ id: string }>("select id from bff.signups where user_id = $1 order by created_at desc, id desc limit 1", [userId])
      if (rows[0]) return rows[0].id
      const { rows: made } = await db.query<{ id: string }>(
        `insert into bff.signups (user_id, name, handle) select id, name, handle from bff.users where id = $1 and email_verified_at is null for update
         on conflict (handle) do nothing returning id`,
        [userId],
      )
      return made[0]?.id
    },

    /**
     * Whether the sign-up is the one that made the account, whose password Medusa holds: a later sign-up's password
     * was never kept, so its code verifies only with a password chosen then (verifyEmail).
     */
    async madeTheAccount(client: Pick<Db, "query">, userId: string, signupId: string): Promise<boolean> {
      const { rows } = await client.query<{ id: string }>("select id from bff.signups where user_id = $1 order by created_at, id limit 1", [userId])
      return rows[0]?.id === signupId
    },

    /**
     * Verifies the account as the given sign-up, unless its time is up (atomic with the removal): the row takes
     * that sign-up's name, handle and marketing choice and every sign-up of the address goes, freeing their handles. False when
     * it expired or was verified meanwhile. Throws the unique violation of users_handle_key when another account
     * took the handle.
     */
    async verify(client: Pick<Db, "query">, userId: string, signupId: string): Promise<boolean> {
      if (!(await users.verifyAsSignup(userId, { id: signupId, withinMs: UNVERIFIED_TTL_MS }, client))) return false
      await client.query("delete from bff.signups where user_id = $1", [userId])
      return true
    },

    /** Frees an e-mail and a handle held by expired sign-ups, here and in Medusa, before a new sign-up takes them. */
    async freeFor(email: string, handle: string): Promise<void> {
      const customerIds = await deleteExpired({ email, handle })
      if (customerIds.length) logger.info({ count: customerIds.length }, "removed expired unverified sign-ups")
      await removeCustomers(customerIds)
    },

    /**
     * Removes an unverified shop sign-up whatever its age, here and in Medusa as its expiry does, so the member of
     * staff whose e-mail it holds can take it; false when it was verified (or is gone) meanwhile.
     */
    async withdraw(userId: string): Promise<boolean> {
      const { removed, customerIds } = await deleteUnverified({ id: userId })
      if (!removed) return false
      logger.info({ userId }, "removed an unverified sign-up holding a staff member's e-mail")
      await removeCustomers(customerIds)
      return true
    },

    /** Removes a Medusa customer a sign-up registered after its row was removed (durably, as for a removed sign-up). */
    async removeOrphanCustomer(customerId: string): Promise<void> {
      await enqueueJob(db, REMOVE_CUSTOMER_JOB, customerId, { customerId })
      await identity.removeCustomer(customerId)
    },

    expireJob: {
      maxAttempts: EXPIRE_SIGNUP_ATTEMPTS,
      async run(job: Job): Promise<void> {
        const { userId } = expirePayload.parse(job.payload)
        await removeCustomers(await deleteExpired({ id: userId }))
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
