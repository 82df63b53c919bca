import { readFileSync } from "node:fs"

type DatabaseDriverOptions = { connection: { ssl: { rejectUnauthorized: true; ca?: string } } }

/**
 * Medusa's TLS to PostgreSQL as DATABASE_URL asks for it (`sslmode=verify-full&sslrootcert=/path/ca.pem`, the
 * managed database's CA), for every connection Medusa opens. Its shared pool reads the URL itself, but the
 * connections its migrations open take only host, port and credentials from the URL and TLS from these options:
 * without them those connect encrypted but unverified. Any other sslmode keeps Medusa's defaults.
 */
export function databaseDriverOptions(
  databaseUrl: string | undefined,
  readCa: (file: string) => string = (file) => readFileSync(file, "utf8"),
): DatabaseDriverOptions | undefined {
  if (!databaseUrl) return undefined
  const parameters = new URL(databaseUrl).searchParams
  if (parameters.get("sslmode") !== "verify-full") return undefined
  const rootCert = parameters.get("sslrootcert")
  return { connection: { ssl: { rejectUnauthorized: true, ...(rootCert ? { ca: readCa(rootCert) } : {}) } } }
}
