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
  createdAt: string
}

/** GET /api/wallet/ledger: newest first, keyset-paged. */
export type LedgerPage = { balance: number; entries: LedgerEntry[]; nextCursor: string | null }
