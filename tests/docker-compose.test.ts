import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const COMPOSE_FILE = path.join(ROOT, "docker-compose.yml")

const REQUIRED = {
  POSTGRES_PASSWORD: "test-postgres-password",
  JWT_SECRET: "test-jwt-secret",
  COOKIE_SECRET: "test-cookie-secret",
  INTERNAL_API_SECRET: "test-internal-secret-0123456789",
  AUTH_TOKEN_SECRET: "test-auth-token-secret-0123456789abcdef",
  SMTP_URL: "smtp://mailer.test:587",
  RAZORPAY_KEY_ID: "rzp_live_test0123456789",
  RAZORPAY_KEY_SECRET: "test-razorpay-secret",
  RAZORPAY_WEBHOOK_SECRET: "test-razorpay-webhook-secret",
  SHIPROCKET_EMAIL: "api@shop.test",
  SHIPROCKET_PASSWORD: "test-shiprocket-password",
  SHIPROCKET_WEBHOOK_TOKEN: "test-shiprocket-webhook-token",
  SHIPROCKET_PICKUP_PINCODE: "400001",
  SELLER_LEGAL_NAME: "Test Streetwear Private Limited",
  SELLER_ADDRESS: "1 Test Road, Mumbai 400001",
  SELLER_STATE: "Maharashtra",
  SELLER_GSTIN: "27AAFCT1234M1Z5",
  RETURN_WAREHOUSE_NAME: "Test Streetwear Returns",
  RETURN_WAREHOUSE_ADDRESS: "1 Test Road",
  RETURN_WAREHOUSE_CITY: "Mumbai",
  RETURN_WAREHOUSE_STATE: "Maharashtra",
  RETURN_WAREHOUSE_PINCODE: "400001",
  RETURN_WAREHOUSE_PHONE: "9000000001",
}
const LONG_RUNNING = ["postgres", "redis", "redis-queues", "commerce", "commerce-worker", "bff"]

// An empty env file, so a developer's .env or shell cannot supply the variables under test.
const scratch = mkdtempSync(path.join(tmpdir(), "compose-test-"))
const emptyEnvFile = path.join(scratch, "empty.env")
writeFileSync(emptyEnvFile, "")
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function compose(args: string[], env: Record<string, string>) {
  const result = spawnSync("docker-compose", ["--env-file", emptyEnvFile, "-f", COMPOSE_FILE, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? scratch, ...env },
  })
  if (result.error) {
    const missing = (result.error as NodeJS.ErrnoException).code === "ENOENT"
    throw new Error(
      missing
        ? "docker-compose is not installed, so docker-compose.yml cannot be checked (apt-get install docker-compose)"
        : `docker-compose could not run: ${result.error.message}`,
    )
  }
  return result
}

/**
 * Reads the block-mapping keys of `docker-compose config` output into dotted paths with their inline
 * values ("services.bff.environment.PORT" → "8080"). Enough for the normalised YAML both Compose v1 and
 * v2 print; list items and folded scalars are skipped.
 */
function outlineYaml(text: string): Map<string, string> {
  const outline = new Map<string, string>()
  const stack: { indent: number; key: string }[] = []
  for (const line of text.split("\n")) {
    const match = /^( *)([A-Za-z0-9_][\w.-]*):(?: (.*))?$/.exec(line)
    if (!match) continue
    const indent = match[1]?.length ?? 0
    const key = match[2] ?? ""
    while (stack.length && (stack[stack.length - 1]?.indent ?? 0) >= indent) stack.pop()
    stack.push({ indent, key })
    const value = (match[3] ?? "").trim().replace(/^(['"])(.*)\1$/, "$2")
    outline.set(stack.map((entry) => entry.key).join("."), value)
  }
  return outline
}

/** The list items of `docker-compose config` output by the dotted path of the key holding them ("services.redis.command"). */
function listsOfYaml(text: string): Map<string, string[]> {
  const lists = new Map<string, string[]>()
  const stack: { indent: number; key: string }[] = []
  for (const line of text.split("\n")) {
    const key = /^( *)([A-Za-z0-9_][\w.-]*):/.exec(line)
    const item = /^( *)- (.*)$/.exec(line)
    if (key) {
      const indent = key[1]?.length ?? 0
      while (stack.length && (stack[stack.length - 1]?.indent ?? 0) >= indent) stack.pop()
      stack.push({ indent, key: key[2] ?? "" })
    } else if (item) {
      // Compose v1 prints a list at its key's indent, v2 deeper: either way the key is the last one not deeper.
      const indent = item[1]?.length ?? 0
      while (stack.length && (stack[stack.length - 1]?.indent ?? 0) > indent) stack.pop()
      const path = stack.map((entry) => entry.key).join(".")
      lists.set(path, [...(lists.get(path) ?? []), (item[2] ?? "").trim().replace(/^(['"])(.*)\1$/, "$2")])
    }
  }
  return lists
}

describe("docker-compose.yml", { timeout: 30_000 }, () => {
  it("is valid with the required variables set", () => {
    const result = compose(["config", "-q"], REQUIRED)
    expect(result.stderr).toBe("")
    expect(result.status).toBe(0)
  })

  it.each(Object.keys(REQUIRED))("refuses to start without %s", (name) => {
    const env = Object.fromEntries(Object.entries(REQUIRED).filter(([key]) => key !== name))
    const result = compose(["config", "-q"], env)
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain(`set ${name}`)
  })

  describe("resolved configuration", () => {
    const resolved = () => {
      const result = compose(["config"], REQUIRED)
      expect(result.status, result.stderr).toBe(0)
      return outlineYaml(result.stdout)
    }

    it("runs the six long-running services, each with a healthcheck", () => {
      const config = resolved()
      for (const service of LONG_RUNNING) {
        expect(config.has(`services.${service}`), `service ${service}`).toBe(true)
        expect(config.has(`services.${service}.healthcheck.test`), `healthcheck of ${service}`).toBe(true)
      }
    })

    it("runs Medusa as a server and as a worker after a one-shot migrate step", () => {
      const config = resolved()
      expect(config.get("services.commerce.environment.MEDUSA_WORKER_MODE")).toBe("server")
      expect(config.get("services.commerce-worker.environment.MEDUSA_WORKER_MODE")).toBe("worker")
      expect(config.get("services.commerce.environment.JWT_SECRET")).toBe(REQUIRED.JWT_SECRET)
      expect(config.has("services.commerce-migrate.command")).toBe(true)
      expect(config.has("services.commerce-migrate.healthcheck")).toBe(false)
      for (const service of ["commerce", "commerce-worker"]) {
        expect(config.get(`services.${service}.depends_on.commerce-migrate.condition`)).toBe("service_completed_successfully")
      }
    })

    it("6. caps the BFF's Redis, evicting only keys with an expiry (cache answers, counters)", () => {
      const result = compose(["config"], REQUIRED)
      expect(result.status, result.stderr).toBe(0)
      const command = listsOfYaml(result.stdout).get("services.redis.command") ?? []
      const option = (name: string) => command[command.indexOf(name) + 1]
      expect(command[0]).toBe("redis-server")
      expect(option("--maxmemory")).toBe("256mb")
      expect(option("--maxmemory-policy")).toBe("volatile-lru")
    })

    it("keeps Medusa's queues and locks on a Redis of their own that never evicts, apart from the BFF's capped cache", () => {
      const result = compose(["config"], REQUIRED)
      expect(result.status, result.stderr).toBe(0)
      const command = listsOfYaml(result.stdout).get("services.redis-queues.command") ?? []
      expect(command[command.indexOf("--maxmemory-policy") + 1]).toBe("noeviction")
      expect(command).not.toContain("--maxmemory")
      const config = resolved()
      for (const service of ["commerce-migrate", "commerce", "commerce-worker"]) {
        expect(config.get(`services.${service}.environment.REDIS_URL`)).toBe("redis://redis-queues:6379")
        expect(config.get(`services.${service}.depends_on.redis-queues.condition`)).toBe("service_healthy")
      }
      expect(config.get("services.bff.environment.REDIS_URL")).toBe("redis://redis:6379")
    })

    it("starts the BFF against the internal Medusa once its dependencies are healthy", () => {
      const config = resolved()
      expect(config.get("services.bff.environment.NODE_ENV")).toBe("production")
      expect(config.get("services.bff.environment.PORT")).toBe("8080")
      expect(config.get("services.bff.environment.MEDUSA_URL")).toBe("http://commerce:9000")
      expect(config.get("services.bff.environment.MEDIA_DIR")).toBe("/data/media")
      for (const dependency of ["postgres", "redis", "commerce"]) {
        expect(config.get(`services.bff.depends_on.${dependency}.condition`)).toBe("service_healthy")
      }
    })

    it("8. tells the BFF whose X-Forwarded-For to believe: nobody's when published directly, the proxy's hop when one is set", () => {
      expect(resolved().get("services.bff.environment.TRUST_PROXY")).toBe("false")
      const behindProxy = compose(["config"], { ...REQUIRED, PUBLIC_URL: "https://shop.example", TRUST_PROXY: "1" })
      expect(behindProxy.status, behindProxy.stderr).toBe(0)
      expect(outlineYaml(behindProxy.stdout).get("services.bff.environment.TRUST_PROXY")).toMatch(/^'?1'?$/)
    })
  })
})
