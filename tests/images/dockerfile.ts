/** One instruction of a Dockerfile, with its `--flag=value` options apart from its arguments. */
export type Instruction = { keyword: string; flags: Record<string, string>; args: string; line: number }

/** A build stage: from an image or an earlier stage (`base`), named by `AS` or by its position. */
export type Stage = { name: string; base: string; instructions: Instruction[] }

/** The instructions, with `\` continuations joined and comment lines dropped (as Docker drops them, inside a continuation too). */
export function parseInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = []
  let pending = ""
  let startLine = 0
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim()
    if (line.startsWith("#") || (line === "" && pending === "")) return
    if (pending === "") startLine = index + 1
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1)} `
      return
    }
    const whole = (pending + line).trim()
    pending = ""
    if (whole === "") return
    const [, keyword = "", rest = ""] = /^(\S+)\s*([\s\S]*)$/.exec(whole) ?? []
    const flags: Record<string, string> = {}
    let args = rest
    for (let flag = /^--([\w-]+)=(\S+)\s+/.exec(args); flag; flag = /^--([\w-]+)=(\S+)\s+/.exec(args)) {
      flags[flag[1]!] = flag[2]!
      args = args.slice(flag[0].length)
    }
    instructions.push({ keyword: keyword.toUpperCase(), flags, args: args.trim(), line: startLine })
  })
  return instructions
}

/** The stages in order; instructions before the first FROM (a global ARG) are not supported here and fail. */
export function parseStages(text: string): Stage[] {
  const stages: Stage[] = []
  for (const instruction of parseInstructions(text)) {
    if (instruction.keyword === "FROM") {
      const [base = "", as, name] = instruction.args.split(/\s+/)
      stages.push({ base, name: as?.toUpperCase() === "AS" && name ? name : String(stages.length), instructions: [] })
    } else {
      const stage = stages.at(-1)
      if (!stage) throw new Error(`line ${instruction.line}: ${instruction.keyword} before the first FROM is not supported by this test`)
      stage.instructions.push(instruction)
    }
  }
  return stages
}

/** The words of a COPY, or of a RUN or CMD in exec form (`["a", "b"]`), or split at spaces in shell form. */
export function words(args: string): string[] {
  return args.startsWith("[") ? (JSON.parse(args) as string[]) : args.split(/\s+/).filter(Boolean)
}

/**
 * The `key=value` pairs of an ENV or ARG (values may be double-quoted), or the older `ENV key value`. `expand`
 * replaces `$NAME` and `${NAME}` as Docker does, with the variables set so far.
 */
export function assignments(args: string, expand: (value: string) => string): [string, string | undefined][] {
  if (!/^[\w.-]+=/.test(args)) {
    const [key = "", ...value] = args.split(/\s+/)
    return [[key, value.length ? expand(value.join(" ")) : undefined]]
  }
  const pairs: [string, string | undefined][] = []
  for (const match of args.matchAll(/([\w.-]+)(?:=("(?:[^"\\]|\\.)*"|\S*))?/g)) {
    const raw = match[2]
    const value = raw === undefined ? undefined : raw.startsWith('"') ? (JSON.parse(raw) as string) : raw
    pairs.push([match[1]!, value === undefined ? undefined : expand(value)])
  }
  return pairs
}

/** `$NAME` and `${NAME}` in `value` replaced from `vars` (unset ones by nothing, as Docker does). */
export function expandVariables(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(/\$(?:\{(\w+)\}|(\w+))/g, (_, braced: string | undefined, bare: string | undefined) => vars[braced ?? bare ?? ""] ?? "")
}
