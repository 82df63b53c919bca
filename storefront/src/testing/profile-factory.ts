import type { LedgerEntry, Profile } from "@fitshop/contracts"
import { buildFitfeedUser } from "./post-factory"

let sequence = 0

/** GET /api/fitfeed/profile/{key} for someone the reader does not follow and is not. */
export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    user: buildFitfeedUser(),
    counts: { posts: 0, followers: 0, following: 0 },
    isFollowing: false,
    isMe: false,
    ...overrides,
  }
}

/** A Dark Coins ledger entry: 50 coins earned from an order unless overridden. */
export function buildLedgerEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  sequence += 1
  return {
    id: `entry_${String(sequence)}`,
    coins: 50,
    kind: "earn",
    reason: "Purchase through your post",
    orderId: `order_fit_${String(sequence)}`,
    postId: null,
    shortfall: 0,
    state: "available",
    availableAt: null,
    createdAt: "2025-03-14T10:30:00.000Z",
    ...overrides,
  }
}
