/**
 * How long an idle keep-alive connection stays open: longer than the proxy keeps its idle connections to us (60 s in
 * deploy/caddy), so it is always the proxy that closes one, never us while it sends a request on it (a reset request).
 */
export const KEEP_ALIVE_MS = 65_000

/**
 * How long a stopping BFF drains (open requests, background jobs, pools) before it exits anyway. Whatever stops it
 * must wait longer before killing it: docker-compose.yml's stop_grace_period, Kubernetes' termination grace period.
 */
export const DRAIN_TIMEOUT_MS = 10_000
