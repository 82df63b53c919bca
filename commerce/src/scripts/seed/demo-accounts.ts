/** Demo credentials for local development only; printed at start and written in README. */
export const DEMO = {
  admin: { email: "admin@buildyourfit.test", password: "admin-demo-2026" },
  shopper: { email: "shopper@buildyourfit.test", password: "shopper-demo-2026", firstName: "Aarav", lastName: "Mehta" },
} as const

/**
 * The demo accounts (an admin whose password is printed in README, a shopper) are made only when the seed is
 * asked for them (SEED_DEMO_ACCOUNTS=on, as the start, dev and test commands ask): a seed run anywhere else,
 * production included, never leaves a known password behind.
 */
export const demoAccountsWanted = (env: NodeJS.ProcessEnv): boolean => env.SEED_DEMO_ACCOUNTS === "on"
