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

/** Settings only Kubernetes gives, and why: compose's services are on its own network, without TLS. */
const ONLY_ON_KUBERNETES: Record<string, string> = {
  NODE_EXTRA_CA_CERTS: "the managed PostgreSQL's and Redis's CA bundle (ConfigMap fitshop-ca), for their TLS",
}

type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string; key: string } } }
type Probe = { httpGet?: { path: string; port: string | number } }
type SecurityContext = {
  runAsNonRoot?: boolean
  runAsUser?: number
  runAsGroup?: number
  fsGroup?: number
  seccompProfile?: { type?: string }
  allowPrivilegeEscalation?: boolean
  readOnlyRootFilesystem?: boolean
  privileged?: boolean
  capabilities?: { drop?: string[]; add?: string[] }
}
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
  securityContext?: SecurityContext
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[]
}
type Volume = { name: string; emptyDir?: object; configMap?: { name: string; optional?: boolean }; secret?: { secretName: string; optional?: boolean } }
type PodSpec = {
  containers: Container[]
  initContainers?: Container[]
  securityContext?: SecurityContext
  automountServiceAccountToken?: boolean
  hostNetwork?: boolean
  hostPID?: boolean
  hostIPC?: boolean
  volumes?: Volume[]
}
type PodTemplate = { metadata?: { labels?: Labels; annotations?: Record<string, string> }; spec: PodSpec }
type Labels = Record<string, string>
type Selector = { matchLabels?: Labels; matchExpressions?: { key: string; operator: string; values?: string[] }[] }
type PolicyPeer = { podSelector?: Selector; namespaceSelector?: Selector; ipBlock?: object }
type Resource = {
  kind: string
  apiVersion: string
  metadata: { name: string; labels?: Labels }
  data?: Record<string, string>
  spec?: {
    replicas?: number
    minReplicas?: number
    template?: PodTemplate
    jobTemplate?: { spec: { template: PodTemplate } }
    selector?: Selector & Labels
    scaleTargetRef?: { kind: string; name: string }
    metrics?: { type: string; resource?: { name: string } }[]
    ports?: { name: string; port: number; targetPort: string | number }[]
    rules?: { http: { paths: { backend: { service: { name: string; port: { name?: string; number?: number } } } }[] } }[]
    minAvailable?: number | string
    maxUnavailable?: number | string
    podSelector?: Selector
    policyTypes?: string[]
    ingress?: { from?: PolicyPeer[]; ports?: { port?: number | string; protocol?: string }[] }[]
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
const containerOf = (kind: string, name: string, initContainer?: string): Container => {
  const spec = resource(kind, name).spec!.template!.spec
  if (!initContainer) return spec.containers[0]!
  const found = spec.initContainers?.find((container) => container.name === initContainer)
  expect(found, `${kind} ${name}'s init container ${initContainer}`).toBeDefined()
  return found!
}

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

const WORKLOADS: { compose: string; kind: string; name: string; initContainer?: string }[] = [
  { compose: "bff", kind: "Deployment", name: "bff" },
  { compose: "commerce", kind: "Deployment", name: "commerce" },
  { compose: "commerce-worker", kind: "Deployment", name: "commerce-worker" },
  { compose: "commerce-migrate", kind: "Deployment", name: "commerce", initContainer: "commerce-migrate" },
  { compose: "commerce-migrate", kind: "Deployment", name: "commerce-worker", initContainer: "commerce-migrate" },
]

describe("deploy/k8s against docker-compose.yml", () => {
  it.each(WORKLOADS.map((workload) => ({ ...workload, container: workload.initContainer ?? workload.name })))(
    "gives $kind $name's container $container the variables compose gives $compose, with the same fixed values",
    ({ compose: service, kind, name, initContainer }) => {
      const composed = compose.services[service]?.environment ?? {}
      const given = environmentOf(containerOf(kind, name, initContainer))
      for (const variable of Object.keys(ONLY_ON_KUBERNETES)) given.delete(variable)
      expect([...given.keys()].sort()).toEqual(Object.keys(composed).sort())
      for (const [variable, value] of Object.entries(composed)) {
        const fixed = fixedValue(value)
        if (fixed !== undefined && !(variable in VALUES_THAT_DIFFER)) expect(given.get(variable), variable).toBe(fixed)
      }
    },
  )

  it("runs the images compose builds, set through kustomize's images", () => {
    for (const { compose: service, kind, name, initContainer } of WORKLOADS) {
      expect(imageName(containerOf(kind, name, initContainer).image), name).toBe(compose.services[service]?.image)
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
    for (const name of ["commerce", "commerce-worker"]) {
      expect(containerOf("Deployment", name, "commerce-migrate").command?.slice(-2), name).toEqual(compose.services["commerce-migrate"]?.command)
    }
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
    for (const { kind, name, initContainer } of WORKLOADS) {
      for (const variable of containerOf(kind, name, initContainer).env ?? []) {
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

/** Every pod template in the render, whatever the workload kind (a CronJob's is inside its job template). */
function podTemplates(): { workload: string; template: PodTemplate }[] {
  return resources.flatMap((item) => {
    const template = item.spec?.template ?? item.spec?.jobTemplate?.spec.template
    return template?.spec ? [{ workload: `${item.kind} ${item.metadata.name}`, template }] : []
  })
}

const containersOf = (spec: PodSpec): Container[] => [...(spec.initContainers ?? []), ...spec.containers]

function selects(selector: Selector | undefined, labels: Labels): boolean {
  if (!selector) return false
  const matchLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value)
  const matchExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === "In") return values.includes(labels[key] ?? "")
    if (operator === "NotIn") return !values.includes(labels[key] ?? "")
    if (operator === "Exists") return key in labels
    if (operator === "DoesNotExist") return !(key in labels)
    throw new Error(`unknown selector operator ${operator}`)
  })
  return matchLabels && matchExpressions
}

const labelsOf = (kind: string, name: string): Labels => resource(kind, name).spec?.template?.metadata?.labels ?? {}

/** The workloads of this base whose pods a peer's pod selector picks (in the shop's own namespace). */
function workloadsPicked(selector: Selector): string[] {
  return podTemplates()
    .filter(({ template }) => selects(selector, template.metadata?.labels ?? {}))
    .map(({ workload }) => workload.replace(/^\w+ /, ""))
}

/**
 * Who the NetworkPolicies let reach a pod with these labels on this TCP port: `namespace <name>` (any pod of that
 * namespace), `pods <workload>` (this namespace), or `anyone`. Undefined when no policy isolates the pod at all.
 */
function allowedSources(labels: Labels, port: number): string[] | undefined {
  const policies = resources.filter(
    (item) => item.kind === "NetworkPolicy" && selects(item.spec?.podSelector, labels) && (item.spec?.policyTypes ?? ["Ingress"]).includes("Ingress"),
  )
  if (policies.length === 0) return undefined
  const sources = new Set<string>()
  for (const rule of policies.flatMap((policy) => policy.spec?.ingress ?? [])) {
    if (rule.ports && !rule.ports.some((entry) => entry.port === undefined || (entry.port === port && (entry.protocol ?? "TCP") === "TCP"))) continue
    if (!rule.from || rule.from.length === 0) sources.add("anyone")
    for (const peer of rule.from ?? []) {
      if (peer.ipBlock) sources.add("anyone")
      else if (peer.namespaceSelector) {
        const names = peer.namespaceSelector.matchLabels?.["kubernetes.io/metadata.name"]
        const keys = [
          ...Object.keys(peer.namespaceSelector.matchLabels ?? {}),
          ...(peer.namespaceSelector.matchExpressions ?? []).map((expression) => expression.key),
        ]
        // A namespace is named by the label Kubernetes sets on every one, never one an operator could forget or copy.
        sources.add(names && keys.length === 1 && !peer.podSelector ? `namespace ${names}` : "anyone")
      } else if (peer.podSelector) for (const workload of workloadsPicked(peer.podSelector)) sources.add(`pods ${workload}`)
    }
  }
  return [...sources].sort()
}

const INGRESS_NAMESPACE = "namespace ingress-nginx"
const MONITORING_NAMESPACE = "namespace monitoring"

describe("deploy/k8s pods pass the restricted Pod Security profile", () => {
  it("finds every workload's pod template (the BFF, Medusa's server and worker at least)", () => {
    expect(podTemplates().map(({ workload }) => workload)).toEqual(
      expect.arrayContaining(["Deployment bff", "Deployment commerce", "Deployment commerce-worker"]),
    )
  })

  it("runs every pod as a non-root user and group with RuntimeDefault seccomp, and no host namespaces", () => {
    for (const { workload, template } of podTemplates()) {
      const pod = template.spec.securityContext
      expect(pod?.runAsNonRoot, workload).toBe(true)
      for (const id of ["runAsUser", "runAsGroup", "fsGroup"] as const) expect(pod?.[id], `${workload} ${id}`).toBeGreaterThan(0)
      expect(pod?.seccompProfile?.type, workload).toBe("RuntimeDefault")
      expect([template.spec.hostNetwork, template.spec.hostPID, template.spec.hostIPC].filter(Boolean), workload).toEqual([])
    }
  })

  it("runs every container, init containers too, without privilege escalation or capabilities, on a read-only root", () => {
    for (const { workload, template } of podTemplates()) {
      for (const container of containersOf(template.spec)) {
        const where = `${workload} ${container.name}`
        expect(container.securityContext?.allowPrivilegeEscalation, where).toBe(false)
        expect(container.securityContext?.privileged ?? false, where).toBe(false)
        expect(container.securityContext?.capabilities?.drop, where).toEqual(["ALL"])
        expect(container.securityContext?.capabilities?.add ?? [], where).toEqual([])
        expect(container.securityContext?.readOnlyRootFilesystem, where).toBe(true)
        // A container's own settings may not undo the pod's.
        expect(container.securityContext?.runAsNonRoot ?? true, where).toBe(true)
        expect(container.securityContext?.runAsUser ?? 1, where).toBeGreaterThan(0)
      }
    }
  })

  it("gives the BFF's and Medusa's containers a writable /tmp (tsx's compile cache, temporary files) on an emptyDir", () => {
    for (const name of ["bff", "commerce", "commerce-worker"]) {
      const spec = resource("Deployment", name).spec!.template!.spec
      for (const container of containersOf(spec)) {
        const mount = container.volumeMounts?.find((entry) => entry.mountPath === "/tmp")
        expect(mount, `${name} ${container.name}`).toBeDefined()
        expect(spec.volumes?.find((volume) => volume.name === mount?.name)?.emptyDir, `${name} ${container.name}`).toBeDefined()
      }
    }
  })

  it("mounts no service account token: no pod of the shop calls the Kubernetes API", () => {
    for (const { workload, template } of podTemplates()) expect(template.spec.automountServiceAccountToken, workload).toBe(false)
  })
})

describe("deploy/k8s disruption budgets", () => {
  /** How many pods a workload runs at least: the autoscaler's minimum when one scales it. */
  function leastReplicas(name: string): number {
    const autoscaler = resources.find((item) => item.kind === "HorizontalPodAutoscaler" && item.spec?.scaleTargetRef?.name === name)
    return autoscaler?.spec?.minReplicas ?? resource("Deployment", name).spec?.replicas ?? 1
  }
  const budgetsFor = (name: string) =>
    resources.filter((item) => item.kind === "PodDisruptionBudget" && selects(item.spec?.selector, labelsOf("Deployment", name)))

  it("keeps the BFF and Medusa's server serving through a node drain, each with more than one replica (the worker too once it has)", () => {
    for (const name of ["bff", "commerce"]) {
      expect(budgetsFor(name), name).toHaveLength(1)
      expect(leastReplicas(name), name).toBeGreaterThan(1)
    }
    // One worker replica has no budget: minAvailable 1 would block every drain, and its queue waits in Redis.
    expect(budgetsFor("commerce-worker")).toHaveLength(leastReplicas("commerce-worker") > 1 ? 1 : 0)
  })

  it("never blocks a drain: every budget lets one pod of its workload go", () => {
    const budgets = resources.filter((item) => item.kind === "PodDisruptionBudget")
    expect(budgets.length).toBeGreaterThan(0)
    for (const budget of budgets) {
      const targets = resources.filter((item) => item.kind === "Deployment" && selects(budget.spec?.selector, labelsOf("Deployment", item.metadata.name)))
      expect(
        targets.map((item) => item.metadata.name),
        budget.metadata.name,
      ).toHaveLength(1)
      const { minAvailable, maxUnavailable } = budget.spec ?? {}
      if (maxUnavailable !== undefined) expect(Number(maxUnavailable), budget.metadata.name).toBeGreaterThanOrEqual(1)
      else expect(leastReplicas(targets[0]!.metadata.name) - Number(minAvailable), budget.metadata.name).toBeGreaterThanOrEqual(1)
    }
  })
})

describe("deploy/k8s network policies", () => {
  it("denies ingress by default to every pod of the shop", () => {
    for (const { workload, template } of podTemplates()) {
      expect(allowedSources(template.metadata?.labels ?? {}, 1), workload).toEqual([])
    }
  })

  it("lets only the ingress controller's namespace reach the BFF's public port", () => {
    const port = Number(resource("ConfigMap", "bff-config").data?.PORT)
    expect(port).toBe(8080)
    expect(allowedSources(labelsOf("Deployment", "bff"), port)).toEqual([INGRESS_NAMESPACE])
  })

  it("lets only Medusa's worker (its subscribers) and the monitoring namespace (metrics) reach the BFF's internal listener", () => {
    const bff = resource("Deployment", "bff").spec!.template!
    const internal = Number(resource("ConfigMap", "bff-config").data?.INTERNAL_PORT)
    expect(internal).toBe(8081)
    // /metrics is served on the internal listener (bff/src/app.ts internalApp), which Prometheus is told to scrape.
    expect(Number(bff.metadata?.annotations?.["prometheus.io/port"])).toBe(internal)
    expect(allowedSources(bff.metadata?.labels ?? {}, internal)).toEqual([MONITORING_NAMESPACE, "pods commerce-worker"])
  })

  it("lets only the BFF reach Medusa's server, and nothing reach its worker", () => {
    expect(allowedSources(labelsOf("Deployment", "commerce"), 9000)).toEqual(["pods bff"])
    expect(allowedSources(labelsOf("Deployment", "commerce-worker"), 9000)).toEqual([])
  })
})

describe("deploy/k8s Medusa as a server and a worker", () => {
  it("runs the admin and the API in the server, subscribers and jobs in the worker", () => {
    const mode = (name: string) => environmentOf(containerOf("Deployment", name))
    expect(mode("commerce").get("MEDUSA_WORKER_MODE")).toBe("server")
    expect(mode("commerce").get("DISABLE_ADMIN")).toBe("false")
    expect(mode("commerce-worker").get("MEDUSA_WORKER_MODE")).toBe("worker")
    expect(mode("commerce-worker").get("DISABLE_ADMIN")).toBe("true")
  })

  it("sends Medusa's Service to the server's pods only", () => {
    const service = resource("Service", "commerce")
    const selector = { matchLabels: service.spec?.selector as Labels }
    expect(selects(selector, labelsOf("Deployment", "commerce"))).toBe(true)
    expect(selects(selector, labelsOf("Deployment", "commerce-worker"))).toBe(false)
  })
})

describe("deploy/k8s migrations", () => {
  const medusaPods = () =>
    podTemplates().filter(({ template }) => template.spec.containers.some((container) => imageName(container.image) === "fitshop-commerce"))

  it("migrates Medusa in every pod running it, before Medusa starts, with the commerce image", () => {
    expect(medusaPods().map(({ workload }) => workload)).toEqual(expect.arrayContaining(["Deployment commerce", "Deployment commerce-worker"]))
    for (const { workload, template } of medusaPods()) {
      const [first] = template.spec.initContainers ?? []
      expect(first?.command?.slice(-2), workload).toEqual(["medusa", "db:migrate"])
      expect(imageName(first?.image), workload).toBe("fitshop-commerce")
    }
  })

  it("runs one migration at a time, under one PostgreSQL advisory lock other than the BFF's", () => {
    const lockOf = (file: string, name: string) => new RegExp(`${name} = ([\\d_]+)`).exec(readFileSync(path.join(ROOT, file), "utf8"))?.[1]?.replaceAll("_", "")
    for (const { workload, template } of medusaPods()) {
      expect(template.spec.initContainers?.[0]?.command, workload).toEqual(["node", "src/scripts/migrate-under-lock.js", "medusa", "db:migrate"])
    }
    const medusaLock = lockOf("commerce/src/lib/advisory-lock.ts", "MEDUSA_MIGRATION_LOCK_ID")
    expect(medusaLock).toMatch(/^\d+$/)
    expect(medusaLock).not.toBe(lockOf("bff/src/lib/migrate.ts", "MIGRATION_LOCK_ID"))
  })

  it("keeps no migration Job, which could not be re-applied at the next release (a Job's template is immutable)", () => {
    const jobs = resources.filter(
      (item) => item.kind === "Job" && containersOf(item.spec!.template!.spec).some((container) => container.command?.includes("db:migrate")),
    )
    expect(jobs).toEqual([])
  })
})

describe("deploy/k8s backup", () => {
  it("runs backup.sh, the one that npm run backup and docker-compose run, from the ConfigMap kustomize makes of it", () => {
    const pod = resource("CronJob", "backup").spec!.jobTemplate!.spec.template.spec
    expect(pod.containers[0]!.command).toEqual(["sh", "/backup/backup.sh"])
    const mounted = pod.volumes?.find((volume) => volume.name === "script")?.configMap?.name ?? ""
    expect(resource("ConfigMap", mounted).data?.["backup.sh"]).toBe(readFileSync(path.join(BASE, "backup.sh"), "utf8"))
  })
})

describe("deploy/k8s TLS to the managed PostgreSQL and Redis", () => {
  const example = new Map(
    readFileSync(path.join(BASE, "secret.example.env"), "utf8")
      .split("\n")
      .filter((line) => /^[A-Z]/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)] as const),
  )
  /** The CA bundle's volume a container mounts, with the path it mounts it at. */
  function caMount(spec: PodSpec, container: Container): { mountPath: string; volume: Volume | undefined } | undefined {
    for (const mount of container.volumeMounts ?? []) {
      const volume = spec.volumes?.find((entry) => entry.name === mount.name)
      if (volume?.configMap?.name === "fitshop-ca" || volume?.secret?.secretName === "fitshop-ca") return { mountPath: mount.mountPath, volume }
    }
    return undefined
  }
  const shopContainers = () =>
    podTemplates().flatMap(({ workload, template }) =>
      containersOf(template.spec).map((container) => ({ where: `${workload} ${container.name}`, spec: template.spec, container })),
    )

  it("shows the managed services' URLs with verified TLS: sslmode=verify-full with the CA file, rediss://", () => {
    const database = new URL(example.get("DATABASE_URL") ?? "")
    expect(database.searchParams.get("sslmode")).toBe("verify-full")
    expect(database.searchParams.get("sslrootcert")).toMatch(/^\/.+\.pem$/)
    expect(example.get("REDIS_URL")).toMatch(/^rediss:\/\//)
    expect(example.get("MEDUSA_REDIS_URL")).toMatch(/^rediss:\/\//)
  })

  it("mounts the CA bundle (optional, read-only) where DATABASE_URL's sslrootcert names it, in every container given DATABASE_URL", () => {
    const rootCert = new URL(example.get("DATABASE_URL") ?? "").searchParams.get("sslrootcert") ?? ""
    const given = shopContainers().filter(({ container }) => environmentOf(container).has("DATABASE_URL"))
    expect(given.length).toBeGreaterThanOrEqual(5)
    for (const { where, spec, container } of given) {
      const mount = caMount(spec, container)
      expect(mount, where).toBeDefined()
      expect(path.dirname(rootCert), where).toBe(mount?.mountPath)
      expect(mount?.volume?.configMap?.optional ?? mount?.volume?.secret?.optional, where).toBe(true)
      expect(container.volumeMounts?.find((entry) => entry.mountPath === mount?.mountPath)?.readOnly, where).toBe(true)
    }
  })

  it("has Node trust the same CA bundle for rediss:// in every container given a Redis URL", () => {
    const given = shopContainers().filter(({ container }) => environmentOf(container).has("REDIS_URL"))
    expect(given.length).toBeGreaterThanOrEqual(5)
    for (const { where, spec, container } of given) {
      const bundle = environmentOf(container).get("NODE_EXTRA_CA_CERTS") ?? ""
      expect(path.dirname(bundle), where).toBe(caMount(spec, container)?.mountPath)
    }
  })
})
