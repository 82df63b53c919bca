/** Demo credentials for local development only; printed at start and written in README. */
export const DEMO = {
  admin: { email: "admin@buildyourfit.test", password: "admin-demo-2026" },
  shopper: { email: "shopper@buildyourfit.test", password: "shopper-demo-2026", firstName: "Aarav", lastName: "Mehta" },
} as const
