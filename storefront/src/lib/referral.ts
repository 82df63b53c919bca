import { localStore, storageKeys } from './storage';

const DIGITS_ONLY = /^\d+$/;

/** The post that referred this visitor, while its stored id is digits only and not yet expired. */
export function getReferralPostId(now: number = Date.now()): string | null {
  const postId = localStore.get(storageKeys.refPost);
  if (!postId || !DIGITS_ONLY.test(postId)) return null;
  const expiresAt = Number(localStore.get(storageKeys.refPostExp));
  if (!Number.isFinite(expiresAt) || expiresAt <= now) return null;
  return postId;
}
