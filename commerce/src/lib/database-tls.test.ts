import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { databaseDriverOptions } from "./database-tls"

const CA = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"

describe("databaseDriverOptions", () => {
  it("verifies the server against the CA file DATABASE_URL names", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "db-ca-")), "ca.pem")
    writeFileSync(file, CA)
    const url = `postgres://fitshop:pw@db.example.internal:5432/fitshop?sslmode=verify-full&sslrootcert=${file}`
    expect(databaseDriverOptions(url)).toEqual({ connection: { ssl: { rejectUnauthorized: true, ca: CA } } })
  })

  it("verifies against the system's CAs when verify-full names no CA file", () => {
    expect(databaseDriverOptions("postgres://u:p@db.example.com/shop?sslmode=verify-full", () => CA)).toEqual({
      connection: { ssl: { rejectUnauthorized: true } },
    })
  })

  it("keeps Medusa's defaults for any other mode, or without a URL", () => {
    const neverRead = () => {
      throw new Error("no CA should be read")
    }
    expect(databaseDriverOptions("postgres://u:p@postgres:5432/fitshop?sslmode=disable", neverRead)).toBeUndefined()
    expect(databaseDriverOptions("postgres://u:p@db.example.com/shop?sslmode=require&sslrootcert=/ca.pem", neverRead)).toBeUndefined()
    expect(databaseDriverOptions("postgres://u:p@localhost/shop", neverRead)).toBeUndefined()
    expect(databaseDriverOptions(undefined, neverRead)).toBeUndefined()
  })

  it("fails at start when the CA file is missing, rather than connecting unverified", () => {
    expect(() => databaseDriverOptions("postgres://u:p@db/shop?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem")).toThrow(/ENOENT/)
  })
})
