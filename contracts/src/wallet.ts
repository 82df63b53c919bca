export const LEDGER_KINDS = ["earn", "spend", "reversal", "adjustment"] as const

/** One Dark Coins ledger entry: when, why (reason) and which order. */
export type LedgerEntry = {
  id: string
  coins: number
  kind: (typeof LEDGER_KINDS)[number]
  reason: string
  orderId: string | null
  postId: string | null
  /** Coins a reversal could not take back because they were already spent. */
  shortfall: number
  /**
   * 'pending': a referral earning not spendable until its order can no longer be cancelled or returned;
   * 'dropped': its order was cancelled first, so it never counted; every other entry is 'available'.
   */
  state: "available" | "pending" | "dropped"
  /** When a pending earning becomes spendable (its order's delivery plus the return window); null before delivery. */
  availableAt: string | null
  createdAt: string
}

/** GET /api/wallet/ledger: newest first, keyset-paged. */
export type LedgerPage = { balance: number; pendingCoins: number; entries: LedgerEntry[]; nextCursor: string | null }
