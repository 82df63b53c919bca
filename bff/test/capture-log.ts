import { createLogger } from "../src/lib/logger.js"

export type LogLine = { level: number; msg: string; job?: Record<string, unknown>; reqId?: string; path?: string }

/** pino's level numbers. */
export const LEVEL = { info: 30, warn: 40, error: 50 } as const

/** The BFF's logger (warn and above, unless told) whose lines a test reads back. */
export function capturedLog(level: "info" | "warn" = "warn") {
  const lines: LogLine[] = []
  const logger = createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) })
  return { logger, lines, at: (level: number) => lines.filter((line) => line.level === level) }
}
