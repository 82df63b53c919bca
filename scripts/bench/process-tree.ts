import { readdirSync, readFileSync } from "node:fs"

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    // Field 4 follows the command name, which may itself contain spaces and parentheses.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
  } catch {
    return undefined
  }
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
  const children = new Map<number, number[]>()
  for (const name of readdirSync("/proc")) {
    const pid = Number(name)
    if (!Number.isInteger(pid)) continue
    const parent = parentOf(pid)
    if (parent === undefined) continue
    children.set(parent, [...(children.get(parent) ?? []), pid])
  }
  let total = 0
  const stack = [root]
  while (stack.length) {
    const pid = stack.pop()!
    total += residentKb(pid)
    stack.push(...(children.get(pid) ?? []))
  }
  return Math.round(total / 1024)
}
