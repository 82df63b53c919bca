import { readdirSync, readFileSync } from "node:fs"
import os from "node:os"

export type ProcessRow = { pid: number; parent: number; name: string }

/** Every process the machine runs now, with its parent and name, read from /proc. */
export function processTable(): ProcessRow[] {
  const table: ProcessRow[] = []
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry)
    if (!Number.isInteger(pid)) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"))
      // Field 4 follows the command name, which may itself contain spaces and parentheses.
      table.push({ pid, parent: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]), name })
    } catch {
      // gone meanwhile
    }
  }
  return table
}

/** A process and all its descendants. */
export function treeOf(root: number, table: ProcessRow[] = processTable()): number[] {
  const pids = [root]
  for (let i = 0; i < pids.length; i++) for (const row of table) if (row.parent === pids[i]) pids.push(row.pid)
  return pids
}

/** A process's command line, cut to `max` characters (for a report). */
export function commandOf(pid: number, max = 90): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim().slice(0, max) || `pid ${pid}`
  } catch {
    return `pid ${pid}`
  }
}

/** The first process under `root` whose command line matches, e.g. the BFF among what the start command runs. */
export function findInTree(root: number, matches: (command: string) => boolean): number | undefined {
  return treeOf(root).find((pid) => pid !== root && matches(commandOf(pid, Infinity)))
}

function residentKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
    return match ? Number(match[1]) : 0
  } catch {
    return 0
  }
}

/** Resident memory (MB) of a process and all its descendants, read from /proc. */
export function treeResidentMb(root: number): number {
  return Math.round(treeOf(root).reduce((total, pid) => total + residentKb(pid), 0) / 1024)
}

export const TICKS_PER_SECOND = 100

/** CPU time (user + system, in clock ticks) a process has used so far. */
export function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0
  }
}

/** The machine's CPU time so far, idle and busy, summed over its cores. */
export const machineTimes = () =>
  os.cpus().reduce(
    (sum, cpu) => {
      const { idle, ...busy } = cpu.times
      return { idle: sum.idle + idle, busy: sum.busy + Object.values(busy).reduce((a, b) => a + b, 0) }
    },
    { idle: 0, busy: 0 },
  )
