import type { IncomingMessage } from "node:http"
import { isIPv4, isIPv6 } from "node:net"
import proxyAddr from "proxy-addr"

/** Express's compiled `trust proxy` setting: whether the hop at `index` (0 = the socket's peer) may name the client. */
export type TrustProxy = (address: string, index: number) => boolean

/** The client's address as Express's `req.ip` reads it, for the answers made before Express (`trust` from the app's "trust proxy fn"). */
export const clientAddressOf = (req: IncomingMessage, trust: TrustProxy): string => proxyAddr(req, trust)

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const [head = "", tail] = address.split("%")[0]!.split("::")
  const groups = (part: string) => (part ? part.split(":").flatMap((group) => (group.includes(".") ? [0, 0] : [parseInt(group, 16)])) : [])
  const front = groups(head)
  const back = tail === undefined ? [] : groups(tail)
  const all = tail === undefined ? front : [...front, ...Array<number>(Math.max(0, 8 - front.length - back.length)).fill(0), ...back]
  return all.length === 8 && all.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? all : undefined
}

/**
 * The key an address's limits and counts go under: an IPv4 address as it is, an IPv6 address by its /64 (what
 * one subscriber is given), so nobody multiplies their budget by rotating through the addresses they own.
 * IPv4-mapped IPv6 addresses (::ffff:1.2.3.4) count as their IPv4 address.
 */
export function addressKey(address: string | undefined): string | undefined {
  if (!address) return undefined
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1]
  if (mapped) return mapped
  if (isIPv4(address)) return address
  const groups = isIPv6(address.split("%")[0]!) ? ipv6Groups(address) : undefined
  if (!groups) return address
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`
}
