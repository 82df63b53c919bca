import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer, request as httpRequest, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { parse } from "yaml"
import { DRAIN_TIMEOUT_MS, KEEP_ALIVE_MS } from "../bff/src/lib/server-timing.js"
import { freePort } from "../scripts/lib/ports.js"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const COMPOSE_FILE = path.join(ROOT, "docker-compose.yml")
const CADDY_DIR = path.join(ROOT, "deploy", "caddy")

const REQUIRED = {
  DOMAIN: "shop.example.test",
  POSTGRES_PASSWORD: "test-postgres-password",
  JWT_SECRET: "test-jwt-secret",
  COOKIE_SECRET: "test-cookie-secret",
  INTERNAL_API_SECRET: "test-internal-secret-0123456789",
  AUTH_TOKEN_SECRET: "test-auth-token-secret-0123456789abcdef",
  SMTP_URL: "smtp://mailer.test:587",
  MINIO_ROOT_USER: "test-minio-user",
  MINIO_ROOT_PASSWORD: "test-minio-password",
  MINIO_MEDIA_USER: "test-media-user",
  MINIO_MEDIA_PASSWORD: "test-media-password",
  MINIO_BACKUP_USER: "test-backup-user",
  MINIO_BACKUP_PASSWORD: "test-backup-password",
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
  SELLER_GSTIN: "27AAFCT1234M1Z7",
  SELLER_CUSTOMER_CARE_EMAIL: "care@shop.test",
  SELLER_CUSTOMER_CARE_PHONE: "+91 22 1111 2222",
  GRIEVANCE_OFFICER_NAME: "Test Grievance Officer",
  GRIEVANCE_OFFICER_EMAIL: "grievance@shop.test",
  GRIEVANCE_OFFICER_PHONE: "+91 22 1111 3333",
  RETURN_WAREHOUSE_NAME: "Test Streetwear Returns",
  RETURN_WAREHOUSE_ADDRESS: "1 Test Road",
  RETURN_WAREHOUSE_CITY: "Mumbai",
  RETURN_WAREHOUSE_STATE: "Maharashtra",
  RETURN_WAREHOUSE_PINCODE: "400001",
  RETURN_WAREHOUSE_PHONE: "9000000001",
}
const LONG_RUNNING = ["caddy", "postgres", "redis", "redis-queues", "minio", "commerce", "commerce-worker", "bff"]
const MEDUSA = ["commerce-migrate", "commerce", "commerce-worker"]
const MiB = 1024 * 1024

// An empty env file, so a developer's .env or shell cannot supply the variables under test.
const scratch = mkdtempSync(path.join(tmpdir(), "compose-test-"))
const emptyEnvFile = path.join(scratch, "empty.env")
writeFileSync(emptyEnvFile, "")
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

type Service = {
  image?: string
  build?: unknown
  logging?: { driver?: string; options?: Record<string, string | number> }
  mem_limit?: string | number
  deploy?: { resources?: { limits?: { memory?: string | number } } }
  stop_grace_period?: string
  command?: string[]
  environment?: Record<string, string | number | null>
  ports?: ({ host_ip?: string; published?: number | string; target?: number | string; protocol?: string } | string)[]
  expose?: (number | string)[]
  volumes?: ({ source?: string; target?: string } | string)[]
  healthcheck?: { test?: string[] }
  depends_on?: Record<string, { condition?: string }>
}
type Resolved = { services: Record<string, Service> }

/** The two Compose programs: v1 (Debian's docker-compose package, which CI installs) and v2 (`docker compose`) where the Docker CLI has it. */
const COMPOSE_V1 = { label: "docker-compose (v1)", argv: ["docker-compose"] }
const COMPOSE_V2 = { label: "docker compose (v2)", argv: ["docker", "compose"] }
type Compose = typeof COMPOSE_V1

const v2Version = spawnSync("docker", ["compose", "version"], { encoding: "utf8" })
const v2Missing =
  v2Version.error || v2Version.status !== 0
    ? `\`docker compose version\` ${v2Version.error ? `could not run (${v2Version.error.message})` : `failed: ${(v2Version.stderr || v2Version.stdout).trim().split("\n")[0]}`}`
    : undefined

function runCompose({ argv, label }: Compose, args: string[], env: Record<string, string>) {
  const [command = "", ...prefix] = argv
  const result = spawnSync(command, [...prefix, "--env-file", emptyEnvFile, "-f", COMPOSE_FILE, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? scratch, ...env },
  })
  if (result.error) {
    const missing = (result.error as NodeJS.ErrnoException).code === "ENOENT"
    throw new Error(
      missing
        ? `${label} is not installed, so docker-compose.yml cannot be checked (apt-get install docker-compose)`
        : `${label} could not run: ${result.error.message}`,
    )
  }
  return result
}

/** A published port as "[address:]published:target/protocol", from v1's or v2's normalised form. */
const portOf = (port: NonNullable<Service["ports"]>[number]) =>
  typeof port === "string"
    ? `${port}${port.includes("/") ? "" : "/tcp"}`
    : `${port.host_ip ? `${port.host_ip}:` : ""}${String(port.published)}:${String(port.target)}/${port.protocol ?? "tcp"}`
/** A volume as "source:target", from v1's short form ("name:/path:rw") or v2's long one. */
const volumeOf = (volume: NonNullable<Service["volumes"]>[number]) =>
  typeof volume === "string" ? volume.split(":").slice(0, 2).join(":") : `${volume.source ?? ""}:${volume.target ?? ""}`
/**
 * Whether an image's tag names one release: never absent, `latest`, or a major or major.minor tag that moves with
 * each release. PostgreSQL's releases have two parts since 10 (18.6), MinIO's are dated; others have three. A digest
 * (@sha256:…) pins any tag.
 */
function isPinned(image: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true
  const match = /^(?<name>(?:[^/]+\/)*[^/:]+):(?<tag>[^:/]+)$/.exec(image)
  if (!match?.groups) return false
  const { name, tag } = match.groups as { name: string; tag: string }
  if (name === "postgres") return /^\d+\.\d+(?:-[a-z0-9.]+)?$/.test(tag) && !/^\d+$/.test(tag)
  if (name.startsWith("quay.io/minio/")) return /^RELEASE\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/.test(tag)
  return /^v?\d+\.\d+\.\d+(?:-[a-z0-9.]+)?$/.test(tag)
}

/** Bytes from Compose's memory sizes ("768m", "1g", 805306368). */
function bytesOf(size: string | number | undefined): number | undefined {
  if (size === undefined) return undefined
  if (typeof size === "number") return size
  const match = /^(\d+(?:\.\d+)?)\s*([bkmg]?)b?$/i.exec(size.trim())
  if (!match) return undefined
  const unit = { "": 1, b: 1, k: 1024, m: MiB, g: 1024 * MiB }[match[2]!.toLowerCase() as "" | "b" | "k" | "m" | "g"]
  return Number(match[1]) * unit
}
const memoryLimitOf = (service: Service) => bytesOf(service.mem_limit ?? service.deploy?.resources?.limits?.memory)

/** Seconds from a Compose duration ("20s", "1m30s", "1500ms"). */
function secondsOf(duration: string | undefined): number | undefined {
  if (!duration) return undefined
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s|us)/g)]
  if (parts.map((part) => part[0]).join("") !== duration) return undefined
  const factor = { h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6 }
  return parts.reduce((sum, [, value, unit]) => sum + Number(value) * factor[unit as keyof typeof factor], 0)
}

/** The URL a Node healthcheck fetches (`node -e "fetch('…')…"`). */
const healthUrlOf = (service: Service) => /fetch\('([^']+)'\)/.exec(service.healthcheck?.test?.join(" ") ?? "")?.[1]

function composeChecks(compose: Compose) {
  const resolve = (env: Record<string, string>): Resolved => {
    const result = runCompose(compose, ["config"], env)
    expect(result.status, result.stderr).toBe(0)
    return parse(result.stdout) as Resolved
  }
  // With the required variables alone, resolved once: most checks read the same configuration.
  let withRequired: Resolved | undefined
  const resolved = (env?: Record<string, string>): Resolved => (env ? resolve(env) : (withRequired ??= resolve(REQUIRED)))
  const service = (config: Resolved, name: string): Service => {
    const found = config.services[name]
    expect(found, `service ${name}`).toBeDefined()
    return found!
  }

  it("is valid with the required variables set", () => {
    const result = runCompose(compose, ["config", "-q"], REQUIRED)
    expect(result.stderr).toBe("")
    expect(result.status).toBe(0)
  })

  it.each(Object.keys(REQUIRED))("refuses to start without %s", (name) => {
    const env = Object.fromEntries(Object.entries(REQUIRED).filter(([key]) => key !== name))
    const result = runCompose(compose, ["config", "-q"], env)
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain(`set ${name}`)
  })

  describe("resolved configuration", () => {
    it("runs the eight long-running services, each with a healthcheck", () => {
      const config = resolved()
      for (const name of LONG_RUNNING) expect(service(config, name).healthcheck?.test?.length, `healthcheck of ${name}`).toBeGreaterThan(0)
    })

    it("runs Medusa as a server and as a worker after a one-shot migrate step", () => {
      const config = resolved()
      expect(service(config, "commerce").environment?.MEDUSA_WORKER_MODE).toBe("server")
      expect(service(config, "commerce-worker").environment?.MEDUSA_WORKER_MODE).toBe("worker")
      expect(service(config, "commerce").environment?.JWT_SECRET).toBe(REQUIRED.JWT_SECRET)
      expect(service(config, "commerce-migrate").command).toEqual(["medusa", "db:migrate"])
      expect(service(config, "commerce-migrate").healthcheck).toBeUndefined()
      for (const name of ["commerce", "commerce-worker"]) {
        expect(service(config, name).depends_on?.["commerce-migrate"]?.condition).toBe("service_completed_successfully")
        expect(healthUrlOf(service(config, name))).toBe("http://127.0.0.1:9000/health")
      }
    })

    it("6. caps the BFF's Redis, evicting only keys with an expiry (cache answers, counters)", () => {
      const command = service(resolved(), "redis").command ?? []
      const option = (name: string) => command[command.indexOf(name) + 1]
      expect(command[0]).toBe("redis-server")
      expect(option("--maxmemory")).toBe("256mb")
      expect(option("--maxmemory-policy")).toBe("volatile-lru")
    })

    it("keeps Medusa's queues and locks on a Redis of their own that never evicts, apart from the BFF's capped cache", () => {
      const config = resolved()
      const queues = service(config, "redis-queues")
      const command = queues.command ?? []
      expect(command[command.indexOf("--maxmemory-policy") + 1]).toBe("noeviction")
      // Capped under its container's limit, so a full Redis refuses writes instead of being killed (what it holds is
      // bounded by the queues' retention, commerce/src/lib/queue-retention.ts).
      expect(command).toContain("--maxmemory")
      expect(bytesOf(command[command.indexOf("--maxmemory") + 1])).toBeLessThan(memoryLimitOf(queues) ?? 0)
      for (const name of MEDUSA) {
        expect(service(config, name).environment?.REDIS_URL).toBe("redis://redis-queues:6379")
        expect(service(config, name).depends_on?.["redis-queues"]?.condition).toBe("service_healthy")
      }
      expect(service(config, "bff").environment?.REDIS_URL).toBe("redis://redis:6379")
    })

    it("runs PostgreSQL 18 with its volume where the 18 image keeps its data (one folder per major version below it)", () => {
      const postgres = service(resolved(), "postgres")
      expect(postgres.image).toMatch(/^postgres:18\.\d+$/)
      expect((postgres.volumes ?? []).map(volumeOf)).toContain("postgres-data:/var/lib/postgresql")
    })

    it("starts the BFF against the internal Medusa once its dependencies are healthy", () => {
      const bff = service(resolved(), "bff")
      expect(bff.environment?.NODE_ENV).toBe("production")
      expect(bff.environment?.PORT).toBe("8080")
      expect(bff.environment?.MEDUSA_URL).toBe("http://commerce:9000")
      expect(bff.environment?.MEDIA_DIR).toBe("/data/media")
      for (const dependency of ["postgres", "redis", "commerce"]) expect(bff.depends_on?.[dependency]?.condition).toBe("service_healthy")
    })

    it("publishes only Caddy to the world: 80 and 443 over TCP, 443 over UDP (HTTP/3); the BFF has no host port, so it scales", () => {
      const config = resolved()
      expect(service(config, "caddy").image).toMatch(/^caddy:2\.\d+\.\d+$/)
      expect((service(config, "caddy").ports ?? []).map(portOf).sort()).toEqual(["443:443/tcp", "443:443/udp", "80:80/tcp"])
      expect(service(config, "bff").ports).toBeUndefined()
      const published = Object.entries(config.services).flatMap(([name, { ports }]) => (ports ?? []).map((port) => `${name} ${portOf(port)}`))
      // Medusa's dashboard for ops, on this host's loopback only.
      expect(published.filter((entry) => !entry.startsWith("caddy "))).toEqual(["commerce 127.0.0.1:9000:9000/tcp"])
    })

    it("serves https://$DOMAIN through Caddy, whose hop alone the BFF trusts, with the Caddyfile from deploy/caddy", () => {
      const config = resolved()
      const [caddy, bff] = [service(config, "caddy"), service(config, "bff")]
      expect(caddy.environment?.DOMAIN).toBe(REQUIRED.DOMAIN)
      expect(bff.environment?.PUBLIC_URL).toBe(`https://${REQUIRED.DOMAIN}`)
      expect(String(bff.environment?.TRUST_PROXY)).toBe("1")
      expect((caddy.volumes ?? []).map(volumeOf)).toContain(`${CADDY_DIR}:/etc/caddy`)
      expect(caddy.depends_on?.bff?.condition).toBe("service_healthy")
      // Caddy's upstreams are the bff service's replicas on the port the BFF listens on.
      const caddyfile = readFileSync(path.join(CADDY_DIR, "Caddyfile"), "utf8")
      expect(caddyfile).toMatch(new RegExp(`^\\s*dynamic a bff ${String(bff.environment?.PORT)} \\{`, "m"))
      expect(caddyfile).toMatch(/^\{\$DOMAIN\} \{/m)
    })

    it("asks an optional ACME_EMAIL, passing it to Caddy when set", () => {
      expect(service(resolved(), "caddy").environment?.ACME_EMAIL ?? "").toBe("")
      expect(service(resolved({ ...REQUIRED, ACME_EMAIL: "ops@shop.example.test" }), "caddy").environment?.ACME_EMAIL).toBe("ops@shop.example.test")
    })

    it("health-checks each BFF replica on its readiness, not on whether the process answers", () => {
      expect(healthUrlOf(service(resolved(), "bff"))).toBe("http://127.0.0.1:8080/api/health/ready")
    })

    it("pins every image it pulls to one release; the ones it builds come from this checkout", () => {
      for (const [name, { image, build }] of Object.entries(resolved().services)) {
        expect(image, `${name}'s image`).toBeDefined()
        if (build) continue
        expect(isPinned(image!), `${name}: ${image!} names no single release`).toBe(true)
      }
      for (const floating of ["postgres:18", "postgres:latest", "redis:7", "redis:7.4", "caddy:2", "caddy", "caddy:2.11", "quay.io/minio/minio:latest"]) {
        expect(isPinned(floating), floating).toBe(false)
      }
    })

    it("rotates every service's log (json-file with a size and a count, or the local driver)", () => {
      for (const [name, { logging }] of Object.entries(resolved().services)) {
        if (logging?.driver === "local") continue
        expect(logging?.driver, `${name}'s log driver`).toBe("json-file")
        expect(bytesOf(logging?.options?.["max-size"]), `${name}'s max-size`).toBeGreaterThan(0)
        expect(Number(logging?.options?.["max-file"]), `${name}'s max-file`).toBeGreaterThan(0)
      }
    })

    it("limits every service's memory, Medusa to 1 GB or more and the BFF to 512 MB-1 GB, any Node heap set below its limit", () => {
      const config = resolved()
      for (const [name, definition] of Object.entries(config.services)) {
        const limit = memoryLimitOf(definition)
        expect(limit, `${name}'s memory limit`).toBeGreaterThan(0)
        const heap = /--max-old-space-size=(\d+)/.exec(String(definition.environment?.NODE_OPTIONS ?? ""))?.[1]
        if (heap) expect(Number(heap) * MiB, `${name}'s heap`).toBeLessThan(limit!)
      }
      for (const name of ["commerce", "commerce-worker"]) expect(memoryLimitOf(service(config, name)), name).toBeGreaterThanOrEqual(1024 * MiB)
      expect(memoryLimitOf(service(config, "bff"))).toBeGreaterThanOrEqual(512 * MiB)
      expect(memoryLimitOf(service(config, "bff"))).toBeLessThanOrEqual(1024 * MiB)
    })

    it("gives the BFF and Medusa longer to stop than the BFF's drain (bff/src/lib/server-timing.ts)", () => {
      const config = resolved()
      for (const name of ["bff", "commerce", "commerce-worker"]) {
        expect(secondsOf(service(config, name).stop_grace_period), `${name}'s stop_grace_period`).toBeGreaterThan(DRAIN_TIMEOUT_MS / 1000)
      }
    })

    it("keeps media in MinIO: a bucket made once, and the same S3 settings for the BFF and Medusa", () => {
      const config = resolved()
      // Pinned releases, from quay.io: Docker Hub no longer serves MinIO's images.
      expect(service(config, "minio").image).toMatch(/^quay\.io\/minio\/minio:RELEASE\.\d{4}-\d{2}-\d{2}T/)
      const setup = service(config, "minio-setup")
      expect(setup.image).toMatch(/^quay\.io\/minio\/mc:RELEASE\.\d{4}-\d{2}-\d{2}T/)
      expect(setup.healthcheck).toBeUndefined()
      expect(setup.depends_on?.minio?.condition).toBe("service_healthy")
      const bucket = setup.environment?.S3_BUCKET
      expect(setup.command?.join(" ")).toContain("mc mb --ignore-existing")
      const s3 = {
        S3_BUCKET: bucket,
        S3_REGION: "us-east-1",
        S3_ENDPOINT: "http://minio:9000",
        S3_ACCESS_KEY_ID: REQUIRED.MINIO_MEDIA_USER,
        S3_SECRET_ACCESS_KEY: REQUIRED.MINIO_MEDIA_PASSWORD,
        S3_FORCE_PATH_STYLE: "true",
      }
      for (const name of ["bff", ...MEDUSA]) {
        expect(service(config, name).environment, name).toMatchObject(s3)
      }
      for (const name of ["bff", "commerce", "commerce-worker"]) {
        expect(service(config, name).depends_on?.["minio-setup"]?.condition, name).toBe("service_completed_successfully")
      }
    })

    it("gives no service but MinIO and its setup MinIO's root credentials: the apps get the media user's keys", () => {
      const config = resolved()
      const root = [REQUIRED.MINIO_ROOT_USER, REQUIRED.MINIO_ROOT_PASSWORD]
      for (const [name, { environment = {} }] of Object.entries(config.services)) {
        if (name === "minio" || name === "minio-setup") continue
        for (const [variable, value] of Object.entries(environment)) expect(root, `${name} ${variable}`).not.toContain(String(value))
      }
      for (const name of ["bff", ...MEDUSA]) {
        expect(service(config, name).environment?.S3_ACCESS_KEY_ID, name).toBe(REQUIRED.MINIO_MEDIA_USER)
        expect(service(config, name).environment?.S3_SECRET_ACCESS_KEY, name).toBe(REQUIRED.MINIO_MEDIA_PASSWORD)
      }
      const setup = service(config, "minio-setup")
      expect(setup.environment).toMatchObject({ MEDIA_USER: REQUIRED.MINIO_MEDIA_USER, MEDIA_PASSWORD: REQUIRED.MINIO_MEDIA_PASSWORD })
    })

    it("makes the media user with a policy that reaches the media bucket's objects and nothing else", () => {
      const setup = service(resolved(), "minio-setup")
      // As the shell runs it: `config` may keep Compose's $$ escapes.
      const script = (setup.command?.join("\n") ?? "").replaceAll("$$", "$")
      const bucket = String(setup.environment?.S3_BUCKET)
      const policyName = String(setup.environment?.MEDIA_POLICY)
      // The policy document the script writes (its printf's format, the bucket in place of each %s).
      const format = /printf '(\{.+\})' "\$S3_BUCKET" "\$S3_BUCKET" > (\S+)/.exec(script)
      expect(format, script).not.toBeNull()
      const policy = JSON.parse(format![1]!.replaceAll("%s", bucket)) as { Statement: { Effect: string; Action: string[]; Resource: string[] }[] }
      const resources = policy.Statement.flatMap((statement) => statement.Resource)
      expect([...new Set(resources)].sort()).toEqual([`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`])
      for (const statement of policy.Statement) {
        expect(statement.Effect).toBe("Allow")
        for (const action of statement.Action) expect(action, "an S3 action, not a wildcard or an admin one").toMatch(/^s3:[A-Za-z]+$/)
      }
      const lines = script.split("\n").map((line) => line.trim())
      expect(lines).toContain(`mc admin policy create media "$MEDIA_POLICY" ${format![2]!}`)
      expect(lines).toContain('mc admin user add media "$MEDIA_USER" "$MEDIA_PASSWORD"')
      expect(lines).toContain('mc admin policy attach media "$MEDIA_POLICY" --user "$MEDIA_USER"')
      expect(policyName).toMatch(/^[a-z0-9-]+$/)
      // The script stops at the first failure, and refuses to hand the root user to the apps.
      expect(lines[0]).toBe("set -e")
      expect(script).toContain('if [ "$MEDIA_USER" = "$MINIO_ROOT_USER" ]; then')
    })
  })
}

describe("docker-compose.yml", { timeout: 60_000 }, () => {
  describe(COMPOSE_V1.label, () => composeChecks(COMPOSE_V1))

  // Compose v2 is what `docker compose up` runs; the same checks keep the file free of v1-only syntax.
  describe.skipIf(v2Missing)(`${COMPOSE_V2.label}${v2Missing ? `: skipped, ${v2Missing}` : ""}`, () => composeChecks(COMPOSE_V2))

  it("lists every required variable in the command of its header comment", () => {
    const header = readFileSync(COMPOSE_FILE, "utf8").split("\n\n")[0] ?? ""
    expect(header).toContain("docker compose up -d --build")
    const named = [...header.matchAll(/\b([A-Z][A-Z0-9_]+)=…/g)].map((match) => match[1])
    expect(named.sort()).toEqual(Object.keys(REQUIRED).sort())
  })
})

describe("deploy/caddy/Caddyfile", { timeout: 30_000 }, () => {
  function adapt(env: Record<string, string>) {
    const result = spawnSync("caddy", ["adapt", "--config", path.join(CADDY_DIR, "Caddyfile"), "--adapter", "caddyfile"], {
      cwd: scratch,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: scratch, ...env },
    })
    if (result.error) {
      const missing = (result.error as NodeJS.ErrnoException).code === "ENOENT"
      throw new Error(
        missing ? "caddy is not installed, so the Caddyfile cannot be checked (apt-get install caddy)" : `caddy could not run: ${result.error.message}`,
      )
    }
    expect(result.status, result.stderr).toBe(0)
    return JSON.parse(result.stdout) as { apps: { http: { servers: Record<string, unknown> }; tls?: unknown } }
  }

  it("adapts for $DOMAIN with and without ACME_EMAIL, proxying to the bff replicas with compression", () => {
    const plain = JSON.stringify(adapt({ DOMAIN: REQUIRED.DOMAIN, ACME_EMAIL: "" }))
    expect(plain).toContain(`"host":["${REQUIRED.DOMAIN}"]`)
    expect(plain).toContain('"dynamic_upstreams":{"name":"bff","port":"8080"')
    expect(plain).toContain('"prefer":["zstd","gzip"]')
    expect(plain).not.toContain('"email"')
    expect(JSON.stringify(adapt({ DOMAIN: REQUIRED.DOMAIN, ACME_EMAIL: "ops@shop.example.test" }).apps.tls)).toContain('"email":"ops@shop.example.test"')
  })

  it("closes idle upstream connections before the BFF's keep-alive does", () => {
    const keepalive = /"keep_alive":\{"idle_timeout":(\d+)\}/.exec(JSON.stringify(adapt({ DOMAIN: REQUIRED.DOMAIN })))?.[1]
    expect(Number(keepalive) / 1e9).toBeLessThan(KEEP_ALIVE_MS / 1000)
  })

  it("writes the site's access log as JSON to stdout", () => {
    const config = adapt({ DOMAIN: REQUIRED.DOMAIN }) as {
      logging?: { logs?: Record<string, { writer?: { output?: string }; encoder?: { format?: string }; include?: string[] }> }
    }
    const access = Object.values(config.logging?.logs ?? {}).find((log) => log.include?.some((name) => name.startsWith("http.log.access")))
    expect(access?.writer?.output).toBe("stdout")
    expect(access?.encoder?.format).toBe("json")
  })
})

describe("Caddy's access log, running", { timeout: 30_000 }, () => {
  let upstream: Server | undefined
  let caddy: ReturnType<typeof spawn> | undefined
  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((resolve) => caddy!.once("exit", resolve))
      caddy.kill("SIGTERM")
      await exited
    }
    await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)))
  })

  /** One request through Caddy: its answer's X-Request-Id. */
  function send(port: number, headers: Record<string, string>): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path: "/api/health/live", headers }, (res) => {
        res.resume()
        res.on("end", () => resolve(res.headers["x-request-id"] as string | undefined))
      })
      req.on("error", reject)
      req.end()
    })
  }

  it("logs each request with the X-Request-Id it handed the BFF, and no credentials", async () => {
    // A stand-in BFF that records the id it was handed and, unlike the BFF, answers without it.
    const received: string[] = []
    upstream = createServer((req, res) => {
      received.push(String(req.headers["x-request-id"]))
      res.end("ok")
    })
    await new Promise<void>((resolve) => upstream!.listen(0, "127.0.0.1", resolve))
    const upstreamPort = (upstream.address() as AddressInfo).port
    const port = await freePort()
    // The deployed site's directives (shop.caddy, upstream.caddy) on plain HTTP, as the replica test runs them.
    const caddyfile = path.join(scratch, "Caddyfile.access-log")
    writeFileSync(
      caddyfile,
      `{\n\tadmin off\n}\nhttp://127.0.0.1:${port} {\n\timport ${path.join(CADDY_DIR, "shop.caddy")}\n\treverse_proxy 127.0.0.1:${upstreamPort} {\n\t\timport ${path.join(CADDY_DIR, "upstream.caddy")}\n\t}\n}\n`,
    )
    let stdout = ""
    let stderr = ""
    caddy = spawn("caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], { cwd: scratch, env: { PATH: process.env.PATH ?? "", HOME: scratch } })
    caddy.on("error", (error) => (stderr += `caddy could not run: ${error.message} (apt-get install caddy)`))
    caddy.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
    caddy.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    await expect
      .poll(
        () =>
          send(port, {}).then(
            () => true,
            () => false,
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true)

    const answered = await send(port, { Authorization: "Bearer secret-token-value", "X-Request-Id": "chosen-by-the-client" })
    expect(answered).toMatch(/^[0-9a-f-]{36}$/)
    expect(received.at(-1)).toBe(answered)
    type AccessLine = { logger?: string; request?: { headers?: Record<string, string[]> }; resp_headers?: Record<string, string[]> }
    const lineFor = () =>
      stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as AccessLine)
        .find((line) => line.resp_headers?.["X-Request-Id"]?.[0] === answered)
    await expect.poll(lineFor, { timeout: 5_000, interval: 50 }).toBeDefined()
    const line = lineFor()!
    expect(line.logger, stderr).toMatch(/^http\.log\.access/)
    expect(JSON.stringify(line)).not.toContain("secret-token-value")
  })
})
