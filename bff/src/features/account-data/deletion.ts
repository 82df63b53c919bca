import { z } from "zod"
import { conflict, forbidden, unauthorized } from "../../http/errors.js"
import { enqueueJob, type Job, type JobHandler } from "../../lib/jobs.js"
import { transaction, type Db } from "../../lib/db.js"
import type { Logger } from "../../lib/logger.js"
import type { MedusaIdentity, SessionStore } from "../auth/index.js"
import { removeMember } from "../fitfeed/index.js"
import { removeReviewsOf } from "../reviews/index.js"
import { isStaffRow, type UsersRepository } from "../users/index.js"
import { closeWallet } from "../wallet/index.js"

type Queryable = Pick<Db, "query">

export const ANONYMISE_CUSTOMER_JOB = "account-data.anonymise-medusa-customer"
/** Fails after 30 runs (≈ 5.5 h of Medusa not answering); staff see it and retry it. */
const ANONYMISE_ATTEMPTS = 30
const anonymisePayload = z.object({ customerId: z.string().min(1) })

export const DELETION_TEXTS = {
  deleted: "Your account is deleted. Your orders, invoices and credit notes are kept for 72 months, as GST law requires.",
  wrongPassword: "That password is not right, so your account was not deleted.",
  staff: "Staff accounts are removed by ops in Medusa's dashboard, not here.",
  openOrders: "You have an order that is not yet delivered, cancelled or returned.",
  openReturns: "You have a return or exchange still under way (the money or the parcel is still moving).",
  openPayment: "A payment of yours is still being settled.",
  deleteLater: "Your account can be deleted once that is finished.",
} as const

/** What still needs the account: orders on their way, returns not yet settled, payments not yet become orders. */
async function unfinishedBusiness(client: Queryable, userId: string): Promise<string[]> {
  const { rows } = await client.query<{ orders: boolean; returns: boolean; payments: boolean }>(
    `select exists (select 1 from bff.orders where user_id = $1 and status not in ('DELIVERED', 'CANCELLED', 'RETURNED')) as orders,
            exists (select 1 from bff.returns where user_id = $1 and status in ('requested', 'pickup_scheduled', 'picked_up', 'received')) as returns,
            exists (select 1 from bff.checkouts where user_id = $1 and status in ('awaiting_payment', 'paid')) as payments`,
    [userId],
  )
  const found = rows[0]!
  return [
    ...(found.orders ? [DELETION_TEXTS.openOrders] : []),
    ...(found.returns ? [DELETION_TEXTS.openReturns] : []),
    ...(found.payments ? [DELETION_TEXTS.openPayment] : []),
  ]
}

async function refuseWhileUnfinished(client: Queryable, userId: string): Promise<void> {
  const reasons = await unfinishedBusiness(client, userId)
  if (reasons.length) throw conflict([...reasons, DELETION_TEXTS.deleteLater].join(" "))
}

type Deps = {
  db: Db
  logger: Logger
  users: UsersRepository
  sessions: SessionStore
  identity: MedusaIdentity
  /** authenticate's short memory of live sessions, forgotten once the deletion committed. */
  forgetTrustedSessions: () => void
}

/**
 * An account's deletion (DPDP Act 2023, erasure): the row is anonymised in place, never deleted, so what GST law and
 * the books keep (orders, returns, tax documents, ledger entries) still names it and staff still see it.
 */
export function accountDeletion({ db, logger, users, sessions, identity, forgetTrustedSessions }: Deps) {
  async function anonymiseInMedusa(customerId: string): Promise<void> {
    await identity.anonymiseCustomer(customerId)
  }

  return {
    /**
     * Deletes the signed-in account once its password is given again: refused (changing nothing) for a wrong password,
     * staff, or business still open. In one transaction: the row anonymised, coins dropped and voided, the feed's rows
     * gone, every session ended and Medusa's part queued; then Medusa's part is done at once (the job retries it if
     * Medusa fails), so the old password signs nobody in by the time the answer arrives.
     */
    async deleteAccount(userId: string, password: string): Promise<void> {
      const user = await users.byId(userId)
      if (!user) throw unauthorized()
      if (isStaffRow(user)) throw forbidden(DELETION_TEXTS.staff)
      await refuseWhileUnfinished(db, userId)
      if (!(await identity.checkPassword(user.email, password))) throw forbidden(DELETION_TEXTS.wrongPassword)
      await transaction(db, async (tx) => {
        // The row's update locks it: a second submit waits here, then finds it deleted and changes nothing.
        if (!(await users.anonymise(userId, tx))) throw unauthorized()
        // Checked again under the lock: an order recorded since the first look still blocks.
        await refuseWhileUnfinished(tx, userId)
        await closeWallet(tx, userId)
        await removeMember(tx, userId)
        await removeReviewsOf(tx, userId)
        await sessions.revokeAllForUser(userId, tx)
        if (user.medusa_customer_id) await enqueueJob(tx, ANONYMISE_CUSTOMER_JOB, user.medusa_customer_id, { customerId: user.medusa_customer_id })
      })
      // A check that read the sessions before the commit must not keep trusting them.
      forgetTrustedSessions()
      if (!user.medusa_customer_id) return
      try {
        await anonymiseInMedusa(user.medusa_customer_id)
      } catch (error) {
        logger.warn({ err: error, userId }, "Medusa's customer of a deleted account not anonymised yet: its job retries")
      }
    },

    anonymiseCustomerJob: {
      maxAttempts: ANONYMISE_ATTEMPTS,
      async run(job: Job): Promise<void> {
        await anonymiseInMedusa(anonymisePayload.parse(job.payload).customerId)
      },
    } satisfies JobHandler,
  }
}

export type AccountDeletion = ReturnType<typeof accountDeletion>
