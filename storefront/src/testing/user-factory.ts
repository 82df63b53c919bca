import type { AuthSession, User } from "@fitshop/contracts"
import { storageKeys } from "@/lib/storage"

let sequence = 0

/** A unique customer as the BFF would send it; override only what a test cares about. */
export function buildUser(overrides: Partial<User> = {}): User {
  sequence += 1
  return {
    id: `user_test_${String(sequence)}`,
    name: `Test Shopper ${String(sequence)}`,
    email: `shopper${String(sequence)}@example.test`,
    handle: `shopper${String(sequence)}`,
    avatarUrl: null,
    phone: null,
    role: "customer",
    ...overrides,
  }
}

export function buildSession(overrides: Partial<User> = {}): AuthSession {
  sequence += 1
  return { accessToken: `access_token_${String(sequence)}`, user: buildUser(overrides) }
}

/** Puts a session in local storage as a previous visit would have left it. */
export function storeSession({ accessToken, user }: AuthSession): void {
  window.localStorage.setItem(storageKeys.accessToken, accessToken)
  window.localStorage.setItem(storageKeys.me, JSON.stringify(user))
}
