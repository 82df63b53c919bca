import { z } from "zod"

/** 10 Dark Coins are worth ₹1 (spec): one coin is 10 paise. */
export const COINS_PER_RUPEE = 10

/** What moved the coins; a 'refund' is a returned cash-on-delivery line's value credited as coins. */
export const LEDGER_KINDS = ["earn", "spend", "reversal", "adjustment", "refund"] as const

/** One Dark Coins ledger entry: when, why (reason) and which order. */
export const ledgerEntrySchema = z.strictObject({
  id: z.string(),
  coins: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  reason: z.string(),
  orderId: z.string().nullable(),
  postId: z.string().nullable(),
  /** Coins a reversal could not take back because they were already spent. */
  shortfall: z.number().int(),
  /**
   * 'pending': a referral earning not spendable until its order can no longer be cancelled or returned;
   * 'dropped': its order was cancelled first, so it never counted; every other entry is 'available'.
   */
  state: z.enum(["available", "pending", "dropped"]),
  /** When a pending earning becomes spendable (its order's delivery plus the return window); null before delivery. */
  availableAt: z.string().nullable(),
  createdAt: z.string(),
})
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>

/** GET /api/wallet/ledger: newest first, keyset-paged. */
export const ledgerPageSchema = z.strictObject({
  balance: z.number().int(),
  pendingCoins: z.number().int(),
  entries: z.array(ledgerEntrySchema),
  nextCursor: z.string().nullable(),
})
export type LedgerPage = z.infer<typeof ledgerPageSchema>
