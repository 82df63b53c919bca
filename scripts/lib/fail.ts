/** A setup problem the person can fix; printed as one line without a stack trace. */
export class SetupError extends Error {}

export function exitOnSetupError(error: unknown): never {
  if (error instanceof SetupError) {
    process.stderr.write(`✖ ${error.message}\n`)
    process.exit(1)
  }
  throw error
}
