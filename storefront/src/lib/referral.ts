import { localStore, storageKeys } from "./storage"

const DIGITS_ONLY = /^\d+$/

/** How long a shared post keeps crediting its author for this visitor's purchases. */
export const REFERRAL_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

/** The post that referred this visitor, while its stored id is digits only and not yet expired. */
export function getReferralPostId(now: number = Date.now()): string | null {
  const postId = localStore.get(storageKeys.refPost)
  if (!postId || !DIGITS_ONLY.test(postId)) return null
  const expiresAt = Number(localStore.get(storageKeys.refPostExp))
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return null
  return postId
}

/** Remembers a refPost value for seven days; anything but digits is ignored. Returns whether it was stored. */
export function storeReferralPostId(postId: string | null | undefined, now: number = Date.now()): boolean {
  if (!postId || !DIGITS_ONLY.test(postId)) return false
  localStore.set(storageKeys.refPost, postId)
  localStore.set(storageKeys.refPostExp, String(now + REFERRAL_LIFETIME_MS))
  return true
}
