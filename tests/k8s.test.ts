import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { beforeAll, describe, expect, it } from "vitest"
import { parse, parseAllDocuments } from "yaml"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const BASE = path.join(ROOT, "deploy", "k8s")
const SECRET = "fitshop-secrets"

/**
 * Settings whose value is not the same on Kubernetes as in docker-compose.yml, and why. Every name is the same
 * on both; these values differ on purpose.
 */
const VALUES_THAT_DIFFER: Record<string, string> = {
  REDIS_URL: "compose names its own Redis containers; the cluster's are managed services, their URLs in the Secret",
  S3_ENDPOINT: "compose runs MinIO beside the shop; the cluster uses a managed S3 (AWS in the example)",
  S3_REGION: "MinIO's default region in compose; the bucket's AWS region on Kubernetes",
  S3_FORCE_PATH_STYLE: "MinIO names the bucket in the path, AWS in the host name",
}

type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string; key: string } } }
type Probe = { httpGet?: { path: string; port: string | number } }
type Container = {
  name: string
  image: string
  command?: string[]
  ports?: { name?: string; containerPort: number }[]
  env?: EnvVar[]
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[]
  resources?: { requests?: { cpu?: string } }
  readinessProbe?: Probe
  livenessProbe?: Probe
  startupProbe?: Probe
}
type Resource = {
  kind: string
  apiVersion: string
  metadata: { name: string }
  data?: Record<string, string>
  spec?: {
    replicas?: number
    template?: { spec: { containers: Container[] } }
    scaleTargetRef?: { kind: string; name: string }
    metrics?: { type: string; resource?: { name: string } }[]
    ports?: { name: string; port: number; targetPort: string | number }[]
    rules?: { http: { paths: { backend: { service: { name: string; port: { name?: string; number?: number } } } }[] } }[]
  }
}
type ComposeService = { image?: string; command?: string[]; environment?: Record<string, string>; healthcheck?: { test?: string[] } }

function render(): Resource[] {
  const result = spawnSync("kubectl", ["kustomize", BASE], { cwd: ROOT, encoding: "utf8" })
  if (result.error) {
    const missing = (result.error as NodeJS.ErrnoException).code === "ENOENT"
    throw new Error(
      missing
        ? "kubectl is not installed, so deploy/k8s cannot be rendered (apt-get install kubernetes-client)"
        : `kubectl could not run: ${result.error.message}`,
    )
  }
  expect(result.status, result.stderr).toBe(0)
  return parseAllDocuments(result.stdout).map((document) => document.toJS() as Resource)
}

const compose = parse(readFileSync(path.join(ROOT, "docker-compose.yml"), "utf8"), { merge: true }) as { services: Record<string, ComposeService> }
const secretKeys = readFileSync(path.join(BASE, "secret.example.env"), "utf8")
  .split("\n")
  .filter((line) => /^[A-Z]/.test(line))
  .map((line) => line.slice(0, line.indexOf("=")))

let resources: Resource[]
beforeAll(() => {
  resources = render()
}, 30_000)

function resource(kind: string, name: string): Resource {
  const found = resources.find((item) => item.kind === kind && item.metadata.name === name)
  expect(found, `${kind} ${name}`).toBeDefined()
  return found!
}
const containerOf = (kind: string, name: string): Container => resource(kind, name).spec!.template!.spec.containers[0]!

/** Every variable a container is given, with its value where the base sets one (a secret's is the Secret key it comes from). */
function environmentOf(container: Container): Map<string, string> {
  const environment = new Map<string, string>()
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef)
      for (const [name, value] of Object.entries(resource("ConfigMap", source.configMapRef.name).data ?? {})) environment.set(name, value)
    if (source.secretRef) for (const key of secretKeys) environment.set(key, `secret ${key}`)
  }
  for (const variable of container.env ?? []) {
    const secret = variable.valueFrom?.secretKeyRef
    environment.set(variable.name, secret ? `secret ${secret.key}` : (variable.value ?? ""))
  }
  return environment
}

/** Compose's value when it is a fixed setting, not one read from the operator's variables (`${…}`). */
const fixedValue = (value: string | undefined) => (value === undefined || value.includes("${") ? undefined : String(value))

/** The path and port of a probe, its named port resolved. */
function probeTarget(container: Container, probe: Probe | undefined): string | undefined {
  if (!probe?.httpGet) return undefined
  const { path: probePath, port } = probe.httpGet
  const number = typeof port === "number" ? port : container.ports?.find((candidate) => candidate.name === port)?.containerPort
  return `${String(number)}${probePath}`
}

/** The port and path a compose healthcheck fetches (`fetch('http://127.0.0.1:8080/api/health/ready')`). */
function composeHealthTarget(service: ComposeService): string | undefined {
  const url = /fetch\('([^']+)'\)/.exec(service.healthcheck?.test?.join(" ") ?? "")?.[1]
  return url ? `${new URL(url).port}${new URL(url).pathname}` : undefined
}

const imageName = (image: string | undefined) => image?.replace(/:[^:/]+$/, "")

const WORKLOADS = [
  { compose: "bff", kind: "Deployment", name: "bff" },
  { compose: "commerce", kind: "Deployment", name: "commerce" },
  { compose: "commerce-worker", kind: "Deployment", name: "commerce-worker" },
  { compose: "commerce-migrate", kind: "Job", name: "commerce-migrate" },
]

describe("deploy/k8s against docker-compose.yml", () => {
  it.each(WORKLOADS)("gives $kind $name the variables compose gives $compose, with the same fixed values", ({ compose: service, kind, name }) => {
    const composed = compose.services[service]?.environment ?? {}
    const given = environmentOf(containerOf(kind, name))
    expect([...given.keys()].sort()).toEqual(Object.keys(composed).sort())
    for (const [variable, value] of Object.entries(composed)) {
      const fixed = fixedValue(value)
      if (fixed !== undefined && !(variable in VALUES_THAT_DIFFER)) expect(given.get(variable), variable).toBe(fixed)
    }
  })

  it("runs the images compose builds, set through kustomize's images", () => {
    for (const { compose: service, kind, name } of WORKLOADS) {
      expect(imageName(containerOf(kind, name).image), name).toBe(compose.services[service]?.image)
    }
  })

  it("checks the same health paths: the BFF's readiness and liveness, Medusa's /health", () => {
    const bff = containerOf("Deployment", "bff")
    expect(probeTarget(bff, bff.readinessProbe)).toBe(composeHealthTarget(compose.services.bff!))
    expect(probeTarget(bff, bff.readinessProbe)).toBe("8080/api/health/ready")
    expect(probeTarget(bff, bff.livenessProbe)).toBe("8080/api/health/live")
    expect(bff.ports?.map((port) => port.containerPort)).toEqual([
      Number(compose.services.bff?.environment?.PORT),
      Number(compose.services.bff?.environment?.INTERNAL_PORT),
    ])
    for (const name of ["commerce", "commerce-worker"]) {
      const medusa = containerOf("Deployment", name)
      expect(probeTarget(medusa, medusa.livenessProbe), name).toBe(composeHealthTarget(compose.services[name]!))
    }
    const server = containerOf("Deployment", "commerce")
    expect(probeTarget(server, server.readinessProbe)).toBe(composeHealthTarget(compose.services.commerce!))
  })

  it("migrates with the command of compose's one-shot step", () => {
    expect(containerOf("Job", "commerce-migrate").command).toEqual(compose.services["commerce-migrate"]?.command)
  })
})

describe("deploy/k8s", () => {
  it("scales the BFF on CPU, leaving the replica count to the autoscaler", () => {
    const autoscaler = resource("HorizontalPodAutoscaler", "bff")
    expect(autoscaler.spec?.scaleTargetRef).toMatchObject({ kind: "Deployment", name: "bff" })
    expect(autoscaler.spec?.metrics?.map((metric) => metric.resource?.name)).toEqual(["cpu"])
    expect(resource("Deployment", "bff").spec?.replicas).toBeUndefined()
    expect(containerOf("Deployment", "bff").resources?.requests?.cpu).toBeDefined()
  })

  it("sends the Ingress to the BFF's public port only, and Medusa's Service to its server", () => {
    const [rule] = resource("Ingress", "shop").spec?.rules ?? []
    const backends = rule?.http.paths.map((entry) => entry.backend.service) ?? []
    expect(backends).toEqual([{ name: "bff", port: { name: "http" } }])
    const service = resource("Service", "bff")
    const http = service.spec?.ports?.find((port) => port.name === "http")
    expect(containerOf("Deployment", "bff").ports?.find((port) => port.name === http?.targetPort)?.containerPort).toBe(8080)
    expect(resource("Service", "commerce").spec?.ports?.map((port) => port.port)).toEqual([9000])
    expect(compose.services.bff?.environment?.MEDUSA_URL).toBe("http://commerce:9000")
  })

  it("creates no Secret, and takes every secret from keys secret.example.env lists", () => {
    expect(resources.filter((item) => item.kind === "Secret")).toEqual([])
    const used = new Set<string>()
    for (const { kind, name } of WORKLOADS) {
      for (const variable of containerOf(kind, name).env ?? []) {
        const secret = variable.valueFrom?.secretKeyRef
        if (!secret) continue
        expect(secret.name, variable.name).toBe(SECRET)
        expect(secretKeys, variable.name).toContain(secret.key)
        used.add(secret.key)
      }
    }
    expect([...used].sort()).toEqual([...secretKeys].sort())
  })
})
