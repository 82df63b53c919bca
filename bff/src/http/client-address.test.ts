import { describe, expect, it } from "vitest"
import { addressKey } from "./client-address.js"

describe("addressKey", () => {
  it("8. keys an IPv4 address as it is, and an IPv4-mapped IPv6 address as its IPv4", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7")
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7")
  })

  it("8. keys every IPv6 address of one /64 alike, whatever its spelling, and two /64s apart", () => {
    const key = addressKey("2001:db8:85a3:42::1")
    expect(key).toBe("2001:db8:85a3:42::/64")
    expect(addressKey("2001:0db8:85a3:0042:ffff:ffff:ffff:ffff")).toBe(key)
    expect(addressKey("2001:db8:85a3:42:abcd::9%eth0")).toBe(key)
    expect(addressKey("2001:db8:85a3:43::1")).not.toBe(key)
    expect(addressKey("::1")).toBe("0:0:0:0::/64")
  })

  it("answers nothing for no address, and an unparsable one as it is", () => {
    expect(addressKey(undefined)).toBeUndefined()
    expect(addressKey("not-an-address")).toBe("not-an-address")
  })
})
