import os from "node:os"
import { setTimeout as sleep } from "node:timers/promises"
import pg from "pg"
import { commandOf, machineTimes, processTable, ticksOf, TICKS_PER_SECOND, treeOf } from "./process-tree.js"

/** Cores used over a run (1 = one core fully busy) by each process group, and the whole machine's busy share. */
export type CpuUse = {
  bff: number
  postgres: number
  client: number
  medusa: number
  other: number
  /** The busiest processes outside the bench's own (cores used, and their command line), to tell noise from the machine's neighbours. */
  outsiders: { command: string; cores: number }[]
  machineBusy: number
  cores: number
}
/**
 * What PostgreSQL's backends for the bench database were doing, sampled every 50 ms: shares of backend-samples;
 * `otherKinds` splits the other waits by PostgreSQL's wait event (e.g. `IO:WalSync`, a commit waiting for the disk).
 */
export type Waits = {
  samples: number
  meanBackends: number
  running: number
  rowLock: number
  midTransaction: number
  other: number
  otherKinds: Record<string, number>
}
export type Observation = { cpu: CpuUse; waits: Waits }
/** The processes a measurement watches: a BFF, Medusa, and the database their PostgreSQL backends serve. */
export type Watched = { bffPid: number; medusaPid: number; databaseUrl: string }

// ---- CPU by process, from /proc -------------------------------------------------------------------

type CpuSnapshot = {
  at: number
  groups: Record<"bff" | "postgres" | "medusa", Map<number, number>>
  all: Map<number, number>
  client: NodeJS.CpuUsage
  machine: { idle: number; busy: number }
}

function cpuSnapshot(watched: Watched): CpuSnapshot {
  const table = processTable()
  const ticks = (pids: number[]) => new Map(pids.map((pid) => [pid, ticksOf(pid)]))
  return {
    at: performance.now(),
    groups: {
      bff: ticks(treeOf(watched.bffPid, table)),
      medusa: ticks(treeOf(watched.medusaPid, table)),
      // Every postgres process: the bench's database is the only busy one.
      postgres: ticks(table.filter((row) => row.name === "postgres").map((row) => row.pid)),
    },
    all: new Map(table.map((row) => [row.pid, ticksOf(row.pid)])),
    client: process.cpuUsage(),
    machine: machineTimes(),
  }
}

/** The CPU each process group used between two snapshots. */
function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  const seconds = (after.at - before.at) / 1000 || 0.001
  const used = (group: keyof CpuSnapshot["groups"]) => {
    let ticks = 0
    for (const [pid, now] of after.groups[group]) ticks += now - (before.groups[group].get(pid) ?? 0)
    return ticks / TICKS_PER_SECOND / seconds
  }
  const client = { user: after.client.user - before.client.user, system: after.client.system - before.client.system }
  const busy = after.machine.busy - before.machine.busy
  const idle = after.machine.idle - before.machine.idle
  const machineBusy = busy / (busy + idle || 1)
  const cores = os.cpus().length
  const groups = { bff: used("bff"), postgres: used("postgres"), medusa: used("medusa"), client: (client.user + client.system) / 1e6 / seconds }
  // Everything else the machine did meanwhile: the kernel's share not charged to a process, the cached BFF, Redis, anything outside the bench.
  const other = Math.max(0, machineBusy * cores - Object.values(groups).reduce((a, b) => a + b, 0))
  const own = new Set([process.pid, ...Object.values(after.groups).flatMap((group) => [...group.keys()])])
  const outsiders = [...after.all]
    .filter(([pid]) => !own.has(pid))
    .map(([pid, now]) => ({ pid, cores: (now - (before.all.get(pid) ?? now)) / TICKS_PER_SECOND / seconds }))
    .filter((row) => row.cores >= 0.05)
    .sort((a, b) => b.cores - a.cores)
    .slice(0, 3)
    .map((row) => ({ command: commandOf(row.pid), cores: row.cores }))
  return { ...groups, other, outsiders, machineBusy, cores }
}

// ---- What PostgreSQL's backends wait on ------------------------------------------------------------

type WaitSample = { at: number; backends: number; running: number; rowLock: number; midTransaction: number; other: number; otherKinds: Record<string, number> }

function waitsOf(samples: WaitSample[]): Waits {
  const sum = (key: Exclude<keyof WaitSample, "at" | "otherKinds">) => samples.reduce((total, sample) => total + sample[key], 0)
  const backends = sum("backends")
  const share = (n: number) => n / (backends || 1)
  const otherKinds: Record<string, number> = {}
  for (const sample of samples) for (const [kind, n] of Object.entries(sample.otherKinds)) otherKinds[kind] = (otherKinds[kind] ?? 0) + share(n)
  return {
    otherKinds,
    samples: samples.length,
    meanBackends: backends / (samples.length || 1),
    running: share(sum("running")),
    rowLock: share(sum("rowLock")),
    midTransaction: share(sum("midTransaction")),
    other: share(sum("other")),
  }
}

/** Samples what the database's client backends are doing every 50 ms, each sample timed, until stopped. */
function waitSampler(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  const samples: WaitSample[] = []
  let stopped = false
  const loop = (async () => {
    await client.connect()
    while (!stopped) {
      const { rows } = await client.query<{ state: string; wait: string | null; event: string | null; n: number }>(
        `select state, wait_event_type as wait, wait_event as event, count(*)::int as n from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()
            and state in ('active', 'idle in transaction') group by 1, 2, 3`,
      )
      const sample: WaitSample = { at: performance.now(), backends: 0, running: 0, rowLock: 0, midTransaction: 0, other: 0, otherKinds: {} }
      for (const row of rows) {
        sample.backends += row.n
        if (row.state === "idle in transaction") sample.midTransaction += row.n
        else if (row.wait === null) sample.running += row.n
        else if (row.wait === "Lock") sample.rowLock += row.n
        else {
          sample.other += row.n
          const kind = `${row.wait}:${row.event}`
          sample.otherKinds[kind] = (sample.otherKinds[kind] ?? 0) + row.n
        }
      }
      samples.push(sample)
      await sleep(50)
    }
    await client.end()
  })()
  return {
    stop: async () => {
      stopped = true
      await loop
    },
    over: (from: number, to: number) => waitsOf(samples.filter((sample) => sample.at >= from && sample.at <= to)),
  }
}

/** What a watch saw, over all of it or over a stretch of it (performance.now() times). */
export type Observer = { stop(): Promise<void>; over(from?: number, to?: number): Observation }

/**
 * Watches the CPU of each process and PostgreSQL's waits until stopped. With `everyMs`, CPU is also read
 * that often, so `over` can tell what a part of the run used (each read costs the bench a few ms of CPU).
 */
export function observe(watched: Watched, { everyMs }: { everyMs?: number } = {}): Observer {
  const waits = waitSampler(watched.databaseUrl)
  const snapshots = [cpuSnapshot(watched)]
  const timer = everyMs ? setInterval(() => snapshots.push(cpuSnapshot(watched)), everyMs) : undefined
  return {
    async stop() {
      clearInterval(timer)
      snapshots.push(cpuSnapshot(watched))
      await waits.stop()
    },
    over(from = -Infinity, to = Infinity) {
      const before = snapshots.filter((snapshot) => snapshot.at <= from).at(-1) ?? snapshots[0]!
      const after = snapshots.find((snapshot) => snapshot.at >= to && snapshot !== before) ?? snapshots.at(-1)!
      return { cpu: cpuBetween(before, after), waits: waits.over(from, to) }
    },
  }
}

/** Runs a measurement with the CPU of each process and PostgreSQL's waits sampled around it. */
export async function observed<T extends object>(watched: Watched, measure: () => Promise<T>): Promise<T & Observation> {
  const observer = observe(watched)
  const result = await measure()
  await observer.stop()
  return { ...result, ...observer.over() }
}
