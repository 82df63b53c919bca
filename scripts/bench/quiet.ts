import { setTimeout as sleep } from "node:timers/promises"
import { machineTimes } from "./process-tree.js"

/**
 * Waits until the machine's CPUs were at most `busyShare` busy over a whole second (or `timeoutMs` passed),
 * so that work left over from the load measurements (Medusa still answering requests autocannon gave up
 * on) does not run beside Lighthouse, whose blocking time is measured on this machine's own clock.
 * Returns the last second's busy share.
 */
export async function waitForQuietCpu({ busyShare = 0.15, timeoutMs = 60_000 } = {}): Promise<number> {
  const deadline = Date.now() + timeoutMs
  let share = 1
  while (Date.now() < deadline) {
    const before = machineTimes()
    await sleep(1000)
    const after = machineTimes()
    const busy = after.busy - before.busy
    share = busy / (busy + after.idle - before.idle || 1)
    if (share <= busyShare) break
  }
  return share
}
