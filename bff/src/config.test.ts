import { describe, expect, it } from "vitest"
import { ConfigError, developmentTools, loadConfig } from "./config.js"
import { shiprocketSettings } from "./lib/shiprocket-settings.js"
import { PRODUCTION_SERVICES } from "../test/production.js"
import { sellerContacts, sellerSettings } from "./lib/seller-settings.js"
import { s3Settings } from "./lib/storage-settings.js"

const SECRETS = { AUTH_TOKEN_SECRET: "a".repeat(32), INTERNAL_API_SECRET: "b".repeat(16) }
/** What every development command sets; without it the BFF is production. */
const DEV = { ...SECRETS, NODE_ENV: "development" }
/** The configuration error's text, or "" when the environment loads. */
function configError(env: Record<string, string>): string {
  try {
    loadConfig(env)
    return ""
  } catch (error) {
    return (error as Error).message
  }
}

describe("loadConfig", () => {
  it("fills defaults around a valid DATABASE_URL", () => {
    const config = loadConfig({ ...DEV, DATABASE_URL: "postgres://postgres@127.0.0.1:5432/shop" })
    expect(config.PORT).toBe(8080)
    expect(config.REDIS_URL).toBeUndefined()
    expect(config.MEDUSA_URL).toBe("http://127.0.0.1:9000")
  })

  it("names a missing DATABASE_URL on one line", () => {
    expect(() => loadConfig({ ...DEV })).toThrowError(/^Invalid configuration: DATABASE_URL is required$/)
  })

  it("names every wrong variable", () => {
    const load = () => loadConfig({ ...DEV, DATABASE_URL: "mysql://x", PORT: "eighty", REDIS_URL: "not a url" })
    expect(load).toThrowError(/DATABASE_URL must be a postgres:\/\/ URL/)
    expect(load).toThrowError(/PORT /)
    expect(load).toThrowError(/REDIS_URL /)
    expect(load).toThrowError(/^[^\n]+$/)
  })

  it("treats an empty REDIS_URL as not set", () => {
    expect(loadConfig({ ...DEV, DATABASE_URL: "postgres://h/db", REDIS_URL: "" }).REDIS_URL).toBeUndefined()
  })

  it("requires SMTP in production and long enough secrets", () => {
    expect(() => loadConfig({ ...SECRETS, DATABASE_URL: "postgres://h/db", NODE_ENV: "production" })).toThrowError(/SMTP_URL is required in production/)
    expect(() => loadConfig({ DATABASE_URL: "postgres://h/db", AUTH_TOKEN_SECRET: "short", INTERNAL_API_SECRET: "b".repeat(16) })).toThrowError(
      /AUTH_TOKEN_SECRET must be at least 32 characters/,
    )
  })
})

describe("closed by default", () => {
  const base = { ...SECRETS, DATABASE_URL: "postgres://h/db" }
  const errorOf = (env: Record<string, string>) => configError({ ...base, ...env })

  it("is production without NODE_ENV: no development tools, and production's services are required", () => {
    const missing = errorOf({})
    for (const name of ["SMTP_URL", "RAZORPAY_KEY_ID", "RAZORPAY_WEBHOOK_SECRET", "SHIPROCKET_EMAIL", "SHIPROCKET_WEBHOOK_TOKEN"]) {
      expect(missing).toMatch(new RegExp(`${name} is required`))
    }
    const config = loadConfig({ ...base, ...PRODUCTION_SERVICES })
    expect(config.NODE_ENV).toBe("production")
    expect(developmentTools(config)).toBe(false)
    // Production may listen anywhere.
    expect(loadConfig({ ...base, ...PRODUCTION_SERVICES, HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0")
  })

  it("has development tools only when a development or test mode is asked for on loopback", () => {
    for (const HOST of ["127.0.0.1", "::1", "localhost"]) {
      for (const NODE_ENV of ["development", "test"]) expect(developmentTools(loadConfig({ ...base, NODE_ENV, HOST }))).toBe(true)
    }
    expect(developmentTools(loadConfig({ ...base, NODE_ENV: "development" }))).toBe(true)
  })

  it("refuses a development or test mode listening beyond loopback, saying why", () => {
    for (const NODE_ENV of ["development", "test"]) {
      for (const HOST of ["0.0.0.0", "::", "192.168.1.20", "shop.example.com"]) {
        expect(errorOf({ NODE_ENV, HOST })).toMatch(/^Invalid configuration: HOST must be a loopback address \(127\.0\.0\.1, ::1, localhost\) when NODE_ENV is/)
      }
    }
  })
})

describe("TRUST_PROXY and the internal listener", () => {
  const base = { ...DEV, DATABASE_URL: "postgres://h/db" }
  const trustProxy = (value?: string) => loadConfig(value === undefined ? base : { ...base, TRUST_PROXY: value }).TRUST_PROXY

  it("reads what Express's trust proxy takes: loopback by default, false, a hop count, names, addresses and CIDRs", () => {
    expect(trustProxy()).toEqual(["loopback"])
    expect(trustProxy("false")).toBe(false)
    expect(trustProxy("1")).toBe(1)
    expect(trustProxy(" loopback, 10.0.0.0/8 ,192.168.1.1, fd00::/8, ::1, uniquelocal")).toEqual([
      "loopback",
      "10.0.0.0/8",
      "192.168.1.1",
      "fd00::/8",
      "::1",
      "uniquelocal",
    ])
  })

  it("refuses true (any client could name its own address) and what is not an address, naming the variable", () => {
    for (const value of ["true", "10.0.0.0/33", "proxy.internal", "1.2.3", "", "loopback,", "-1"]) {
      if (value === "loopback,") {
        expect(trustProxy(value)).toEqual(["loopback"])
        continue
      }
      expect(() => trustProxy(value), value).toThrowError(/^Invalid configuration: TRUST_PROXY must be false, a hop count/)
    }
  })

  it("8. refuses production behind a TLS proxy (an https PUBLIC_URL) unless TRUST_PROXY names the proxy's hop", () => {
    const production = { ...SECRETS, ...PRODUCTION_SERVICES, DATABASE_URL: "postgres://h/db", NODE_ENV: "production", PUBLIC_URL: "https://shop.example" }
    expect(configError(production)).toMatch(/TRUST_PROXY must name the proxy that terminates TLS for https:\/\/shop\.example/)
    expect(configError({ ...production, TRUST_PROXY: "false" })).toMatch(/TRUST_PROXY must name the proxy/)
    expect(loadConfig({ ...production, TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1)
    expect(loadConfig({ ...production, TRUST_PROXY: "uniquelocal" }).TRUST_PROXY).toEqual(["uniquelocal"])
    // Plain http (no proxy in front) keeps the loopback default.
    expect(loadConfig({ ...production, PUBLIC_URL: "http://shop.example:8080" }).TRUST_PROXY).toEqual(["loopback"])
  })

  it("puts commerce's listener on loopback, on the port after PORT unless told", () => {
    expect(loadConfig(base)).toMatchObject({ PORT: 8080, INTERNAL_PORT: 8081, INTERNAL_HOST: "127.0.0.1" })
    expect(loadConfig({ ...base, PORT: "9100" }).INTERNAL_PORT).toBe(9101)
    expect(loadConfig({ ...base, INTERNAL_PORT: "7000", INTERNAL_HOST: "0.0.0.0" })).toMatchObject({ INTERNAL_PORT: 7000, INTERNAL_HOST: "0.0.0.0" })
  })
})

describe("Shiprocket settings", () => {
  const base = { ...DEV, DATABASE_URL: "postgres://h/db" }
  const SHIPROCKET = { SHIPROCKET_EMAIL: "api@shop.test", SHIPROCKET_PASSWORD: "pw", SHIPROCKET_WEBHOOK_TOKEN: "hook", SHIPROCKET_PICKUP_PINCODE: "560001" }
  const problems = (env: Record<string, string>) => configError({ ...base, ...env })

  it("uses the emulator outside production when no credentials are set, with credentials derived from AUTH_TOKEN_SECRET", () => {
    const settings = shiprocketSettings(loadConfig({ ...base, PUBLIC_URL: "http://localhost:8080/" }))
    expect(settings).toMatchObject({
      emulated: true,
      apiUrl: "http://localhost:8080/emulator/shiprocket",
      trackingBaseUrl: "http://localhost:8080/emulator/shiprocket/tracking",
    })
    expect(settings.email).toMatch(/^api-[0-9a-f]{16}@shiprocket-emulator\.test$/)
    expect(settings.password).toMatch(/^[0-9a-f]{64}$/)
    expect(shiprocketSettings(loadConfig(base))).toEqual(settings)
    const otherSecret = shiprocketSettings(loadConfig({ ...base, AUTH_TOKEN_SECRET: "c".repeat(32) }))
    expect(otherSecret.password).not.toBe(settings.password)
    expect(otherSecret.email).not.toBe(settings.email)
    expect(otherSecret.webhookToken).not.toBe(settings.webhookToken)
  })

  it("uses the real Shiprocket with credentials, and SHIPROCKET_API_URL when given", () => {
    expect(shiprocketSettings(loadConfig({ ...base, ...SHIPROCKET }))).toEqual({
      emulated: false,
      apiUrl: "https://apiv2.shiprocket.in",
      email: "api@shop.test",
      password: "pw",
      webhookToken: "hook",
      trackingBaseUrl: "https://shiprocket.co/tracking",
      pickupPincode: "560001",
    })
    expect(shiprocketSettings(loadConfig({ ...base, SHIPROCKET_API_URL: "http://127.0.0.1:9999/emulator/shiprocket" })).apiUrl).toBe(
      "http://127.0.0.1:9999/emulator/shiprocket",
    )
  })

  it("requires the credentials in pairs, with a webhook token", () => {
    expect(problems({ SHIPROCKET_EMAIL: "api@shop.test", SHIPROCKET_WEBHOOK_TOKEN: "hook" })).toMatch(/SHIPROCKET_PASSWORD is required with SHIPROCKET_EMAIL/)
    expect(problems({ SHIPROCKET_PASSWORD: "pw", SHIPROCKET_WEBHOOK_TOKEN: "hook" })).toMatch(/SHIPROCKET_EMAIL is required with SHIPROCKET_PASSWORD/)
    expect(problems({ SHIPROCKET_EMAIL: "api@shop.test", SHIPROCKET_PASSWORD: "pw" })).toMatch(
      /SHIPROCKET_WEBHOOK_TOKEN is required with real Shiprocket credentials/,
    )
    expect(problems({ ...SHIPROCKET, SHIPROCKET_EMAIL: "not-an-email" })).toMatch(/SHIPROCKET_EMAIL /)
    expect(problems({ SHIPROCKET_EMAIL: " ", SHIPROCKET_PASSWORD: "" })).toBe("")
  })

  it("promises delivery from the pickup's pincode: Mumbai's for the emulator unless set, required with real credentials", () => {
    expect(shiprocketSettings(loadConfig(base)).pickupPincode).toBe("400001")
    expect(shiprocketSettings(loadConfig({ ...base, SHIPROCKET_PICKUP_PINCODE: " 110001 " })).pickupPincode).toBe("110001")
    const { SHIPROCKET_PICKUP_PINCODE: _pickup, ...withoutPickup } = SHIPROCKET
    expect(problems(withoutPickup)).toMatch(/SHIPROCKET_PICKUP_PINCODE is required with real Shiprocket credentials/)
    for (const wrong of ["012345", "56001", "5600011", "Mumbai"]) {
      expect(problems({ SHIPROCKET_PICKUP_PINCODE: wrong }), wrong).toMatch(/SHIPROCKET_PICKUP_PINCODE must be a 6-digit pincode that does not start with 0/)
    }
  })

  it("requires real Shiprocket credentials in production, on one line", () => {
    const production = problems({ NODE_ENV: "production", SMTP_URL: "smtp://mail.test" })
    expect(production).toMatch(/^[^\n]+$/)
    expect(production).toMatch(/SHIPROCKET_EMAIL is required in production/)
    expect(production).toMatch(/SHIPROCKET_PASSWORD is required in production/)
    expect(production).toMatch(/SHIPROCKET_WEBHOOK_TOKEN is required in production/)
    expect(production).toMatch(/SHIPROCKET_PICKUP_PINCODE is required in production/)
    expect(problems({ NODE_ENV: "production", SMTP_URL: "smtp://mail.test", ...SHIPROCKET })).not.toMatch(/SHIPROCKET/)
  })
})

describe("the GST seller", () => {
  const base = { ...DEV, DATABASE_URL: "postgres://h/db" }
  const { SELLER_LEGAL_NAME, SELLER_ADDRESS, SELLER_STATE, SELLER_GSTIN } = PRODUCTION_SERVICES
  const SELLER = { SELLER_LEGAL_NAME, SELLER_ADDRESS, SELLER_STATE, SELLER_GSTIN }
  const problems = (env: Record<string, string>) => configError({ ...base, ...env })

  it("is the demo seller outside production, all four of the settings together otherwise, and required in production", () => {
    expect(sellerSettings(loadConfig(base)).gstin).toBe("27AAFCB1234M1ZP")
    expect(sellerSettings(loadConfig({ ...base, ...SELLER }))).toEqual({
      legalName: SELLER_LEGAL_NAME,
      address: SELLER_ADDRESS,
      state: SELLER_STATE,
      gstin: SELLER_GSTIN,
    })
    const { SELLER_ADDRESS: _address, ...withoutAddress } = SELLER
    expect(problems(withoutAddress)).toMatch(/SELLER_ADDRESS is required with the other SELLER_ settings/)
    const production = problems({ ...PRODUCTION_SERVICES, NODE_ENV: "production", SELLER_GSTIN: "" })
    expect(production).toMatch(/SELLER_GSTIN is required with the other SELLER_ settings/)
    const { SELLER_LEGAL_NAME: _name, SELLER_ADDRESS: _a, SELLER_STATE: _state, SELLER_GSTIN: _gstin, ...noSeller } = PRODUCTION_SERVICES
    for (const name of Object.keys(SELLER)) expect(problems({ ...noSeller, NODE_ENV: "production" })).toMatch(new RegExp(`${name} is required in production`))
  })

  it("takes only a well-formed GSTIN", () => {
    for (const wrong of ["27AAFCB1234M1Z", "99AAFCB1234M1ZP", "27aafcb1234m1zp", "27AAFCB1234M1XP"]) {
      expect(problems({ ...SELLER, SELLER_GSTIN: wrong }), wrong).toMatch(/SELLER_GSTIN must be a 15-character GSTIN/)
    }
  })

  it("refuses a GSTIN whose check character is wrong, in production as elsewhere", () => {
    expect(problems({ ...SELLER, SELLER_GSTIN: "27AAPFU0939F1ZV" })).toBe("")
    for (const env of [{ ...SELLER }, { ...PRODUCTION_SERVICES, NODE_ENV: "production" }]) {
      expect(problems({ ...env, SELLER_GSTIN: "27AAPFU0939F1ZW" })).toMatch(
        /SELLER_GSTIN must be a 15-character GSTIN whose last character is its check character/,
      )
    }
    // The GSTIN the demo seller and the tests used before had a wrong check character (5 for P).
    expect(problems({ ...SELLER, SELLER_GSTIN: "27AAFCB1234M1Z5" })).toMatch(/SELLER_GSTIN must be/)
  })
})

describe("customer care and the grievance officer", () => {
  const base = { ...DEV, DATABASE_URL: "postgres://h/db" }
  const { SELLER_CUSTOMER_CARE_EMAIL, SELLER_CUSTOMER_CARE_PHONE, GRIEVANCE_OFFICER_NAME, GRIEVANCE_OFFICER_EMAIL, GRIEVANCE_OFFICER_PHONE } =
    PRODUCTION_SERVICES
  const CONTACTS = { SELLER_CUSTOMER_CARE_EMAIL, SELLER_CUSTOMER_CARE_PHONE, GRIEVANCE_OFFICER_NAME, GRIEVANCE_OFFICER_EMAIL, GRIEVANCE_OFFICER_PHONE }
  const problems = (env: Record<string, string>) => configError({ ...base, ...env })

  it("are demo contacts outside production, and the settings' when all five are given", () => {
    expect(sellerContacts(loadConfig(base)).grievanceOfficer.email).toBe("grievance@buildyourfit.test")
    expect(sellerContacts(loadConfig({ ...base, ...CONTACTS }))).toEqual({
      customerCare: { email: SELLER_CUSTOMER_CARE_EMAIL, phone: SELLER_CUSTOMER_CARE_PHONE },
      grievanceOfficer: { name: GRIEVANCE_OFFICER_NAME, email: GRIEVANCE_OFFICER_EMAIL, phone: GRIEVANCE_OFFICER_PHONE },
    })
    const { GRIEVANCE_OFFICER_PHONE: _phone, ...withoutPhone } = CONTACTS
    expect(problems(withoutPhone)).toMatch(/GRIEVANCE_OFFICER_PHONE is required with the other customer care and grievance officer settings/)
  })

  it("stop a production start that lacks any of them, naming each on one line", () => {
    expect(problems({ ...PRODUCTION_SERVICES, NODE_ENV: "production" })).toBe("")
    const noContacts: Record<string, string> = { ...PRODUCTION_SERVICES, NODE_ENV: "production" }
    for (const name of Object.keys(CONTACTS)) delete noContacts[name]
    const error = problems(noContacts)
    expect(error).toMatch(/^[^\n]+$/)
    for (const name of Object.keys(CONTACTS)) expect(error).toMatch(new RegExp(`${name} is required in production`))
    expect(problems({ ...noContacts, GRIEVANCE_OFFICER_NAME: "A. Officer" })).toMatch(/GRIEVANCE_OFFICER_EMAIL is required with the other/)
  })

  it("take only e-mail addresses and phone numbers where those go", () => {
    const error = problems({ ...CONTACTS, GRIEVANCE_OFFICER_EMAIL: "not-an-address", SELLER_CUSTOMER_CARE_PHONE: "call us" })
    expect(error).toMatch(/GRIEVANCE_OFFICER_EMAIL must be an e-mail address/)
    expect(error).toMatch(/SELLER_CUSTOMER_CARE_PHONE must be a phone number/)
    expect(problems({ ...CONTACTS, GRIEVANCE_OFFICER_PHONE: "+91 12 34" })).toMatch(/GRIEVANCE_OFFICER_PHONE must have 10 to 13 digits/)
  })
})

describe("Razorpay config", () => {
  const base = { ...DEV, DATABASE_URL: "postgres://h/db" }
  const RAZORPAY = { RAZORPAY_KEY_ID: "rzp_live_AbC123", RAZORPAY_KEY_SECRET: "secret", RAZORPAY_WEBHOOK_SECRET: "whsec" }
  const errorOf = (env: Record<string, string>) => configError({ ...base, ...env })

  it("needs no Razorpay variable outside production (the emulator stands in), and treats empty ones as unset", () => {
    expect(errorOf({})).toBe("")
    expect(errorOf({ NODE_ENV: "test", RAZORPAY_KEY_ID: " ", RAZORPAY_KEY_SECRET: "", RAZORPAY_API_URL: "" })).toBe("")
    expect(loadConfig({ ...base, RAZORPAY_KEY_ID: "" }).RAZORPAY_KEY_ID).toBeUndefined()
  })

  it("fails in production without real keys, naming the variables on one line", () => {
    const production = errorOf({ NODE_ENV: "production", SMTP_URL: "smtp://mail.test" })
    expect(production).toMatch(/^[^\n]+$/)
    expect(production).toMatch(/RAZORPAY_KEY_ID is required in production \(the Razorpay emulator is never used there\)/)
    expect(production).toMatch(/RAZORPAY_KEY_SECRET is required in production/)
    expect(production).toMatch(/RAZORPAY_WEBHOOK_SECRET is required/)
    expect(errorOf({ NODE_ENV: "production", SMTP_URL: "smtp://mail.test", ...RAZORPAY })).not.toMatch(/RAZORPAY/)
  })

  it("takes real keys only as a pair with a webhook secret, and a key id shaped like Razorpay's", () => {
    expect(errorOf({ RAZORPAY_KEY_ID: "rzp_test_AbC123", RAZORPAY_WEBHOOK_SECRET: "whsec" })).toMatch(/RAZORPAY_KEY_SECRET is required with RAZORPAY_KEY_ID/)
    expect(errorOf({ RAZORPAY_KEY_SECRET: "secret", RAZORPAY_WEBHOOK_SECRET: "whsec" })).toMatch(/RAZORPAY_KEY_ID is required with RAZORPAY_KEY_SECRET/)
    expect(errorOf({ RAZORPAY_KEY_ID: "rzp_test_AbC123", RAZORPAY_KEY_SECRET: "secret" })).toMatch(
      /RAZORPAY_WEBHOOK_SECRET is required with real Razorpay keys/,
    )
    expect(errorOf({ ...RAZORPAY, RAZORPAY_KEY_ID: "AbC123" })).toMatch(/RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_…/)
    expect(errorOf({ RAZORPAY_API_URL: "not a url" })).toMatch(/RAZORPAY_API_URL /)
    expect(errorOf(RAZORPAY)).toBe("")
  })
})

describe("shared media storage (S3)", () => {
  const base = { ...DEV, DATABASE_URL: "postgres://h/db" }
  const S3 = { S3_BUCKET: "fitshop-media", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret" }
  const errorOf = (env: Record<string, string>) => configError({ ...base, ...env })

  it("keeps media on local disk unless S3_BUCKET is set, treating empty S3 variables as unset", () => {
    expect(s3Settings(loadConfig(base))).toBeUndefined()
    expect(s3Settings(loadConfig({ ...base, S3_BUCKET: " ", S3_ENDPOINT: "", S3_ACCESS_KEY_ID: "", S3_FORCE_PATH_STYLE: "" }))).toBeUndefined()
  })

  it("reads a bucket with its keys: AWS's us-east-1 and virtual-host style by default, or an S3-compatible server's URL and path style", () => {
    expect(s3Settings(loadConfig({ ...base, ...S3 }))).toEqual({
      bucket: "fitshop-media",
      region: "us-east-1",
      endpoint: undefined,
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret",
      forcePathStyle: false,
    })
    const minio = loadConfig({ ...base, ...S3, S3_REGION: "ap-south-1", S3_ENDPOINT: "http://127.0.0.1:9100", S3_FORCE_PATH_STYLE: "true" })
    expect(s3Settings(minio)).toMatchObject({ region: "ap-south-1", endpoint: "http://127.0.0.1:9100", forcePathStyle: true })
    expect(loadConfig({ ...base, ...S3, S3_FORCE_PATH_STYLE: "0" }).S3_FORCE_PATH_STYLE).toBe(false)
  })

  it("is a ConfigError naming what is missing or wrong, on one line", () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: "fitshop-media" })).toThrowError(ConfigError)
    expect(errorOf({ S3_BUCKET: "fitshop-media" })).toBe(
      "Invalid configuration: S3_ACCESS_KEY_ID is required with S3_BUCKET; S3_SECRET_ACCESS_KEY is required with S3_BUCKET",
    )
    expect(errorOf({ ...S3, S3_SECRET_ACCESS_KEY: "" })).toMatch(/S3_SECRET_ACCESS_KEY is required with S3_BUCKET/)
    expect(errorOf({ S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_ENDPOINT: "http://minio:9000" })).toMatch(
      /S3_BUCKET is required with S3_ENDPOINT, S3_ACCESS_KEY_ID \(without it media stay in MEDIA_DIR\)/,
    )
    expect(errorOf({ ...S3, S3_BUCKET: "Fitshop_Media" })).toMatch(/S3_BUCKET must be an S3 bucket name/)
    expect(errorOf({ ...S3, S3_ENDPOINT: "minio:9000" })).toMatch(/S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/)
    expect(errorOf({ ...S3, S3_FORCE_PATH_STYLE: "yes" })).toMatch(/S3_FORCE_PATH_STYLE must be true or false/)
  })
})
