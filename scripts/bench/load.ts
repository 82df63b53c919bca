import autocannon from "autocannon"

export type Load = { label: string; requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number }

export const CONNECTIONS = 20

/**
 * Drives one URL (or a rotation of paths on one origin) with autocannon: the same client, connections
 * and duration for every target, so the figures compare.
 */
export async function measureLoad(
  label: string,
  origin: string,
  paths: string[],
  { seconds, headers = {} }: { seconds: number; headers?: Record<string, string> },
): Promise<Load> {
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: paths.map((path) => ({ method: "GET" as const, path })),
  })
  return loadOf(label, result)
}

/** One run's figures as the report keeps them. */
export function loadOf(label: string, result: autocannon.Result): Load {
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/** A short unmeasured run so JIT, connection pools and (where on) caches are warm before measuring. */
export async function warmUp(origin: string, paths: string[], headers: Record<string, string> = {}, seconds = 3): Promise<void> {
  await autocannon({ url: origin, connections: CONNECTIONS, duration: seconds, headers, requests: paths.map((path) => ({ method: "GET" as const, path })) })
}
