import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"

/** A module's relative imports (and re-exports), resolved to files: TypeScript's `.js` specifiers name `.ts` sources. */
export type ImportGraph = Map<string, string[]>

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?["']([^"']+)["']/g

function sourcesUnder(folder: string, into: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name)
    if (name === "node_modules" || name === "dist") continue
    if (statSync(full).isDirectory()) sourcesUnder(full, into)
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) into.push(full)
  }
  return into
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/, "")
  return [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")].find((file) => existsSync(file))
}

/** Every non-test source under `folders` and the sources it imports relatively. */
export function importGraph(folders: string[]): ImportGraph {
  const graph: ImportGraph = new Map()
  for (const file of folders.flatMap((folder) => sourcesUnder(folder))) {
    const targets = [...readFileSync(file, "utf8").matchAll(IMPORT)]
      .map((match) => match[1]!)
      .filter((specifier) => specifier.startsWith("."))
      .flatMap((specifier) => resolveImport(file, specifier) ?? [])
    graph.set(file, targets)
  }
  return graph
}

/** The graph of groups (`groupOf` names a file's group, or undefined to leave it out), without self-edges. */
export function groupGraph(graph: ImportGraph, groupOf: (file: string) => string | undefined): ImportGraph {
  const groups: ImportGraph = new Map()
  for (const [file, targets] of graph) {
    const from = groupOf(file)
    if (!from) continue
    const into = new Set(groups.get(from) ?? [])
    for (const target of targets) {
      const to = groupOf(target)
      if (to && to !== from) into.add(to)
    }
    groups.set(from, [...into])
  }
  return groups
}

/** The cycles of a graph: its strongly connected components of more than one node (Tarjan). */
export function cyclesOf(graph: ImportGraph): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next)
    next += 1
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!))
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1) cycles.push(component.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return cycles
}
