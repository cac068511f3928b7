// The per-address limit's own address parser against a second implementation, ipaddr.js (what
// the session used before its parser was written to save bundle bytes): every spelling of every
// address groups the same way under both.
import fc from "fast-check";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { addressGroup } from "../src/request/address-group.js";

/** The group ipaddr.js gives an address that `addressGroup` has already unwrapped. */
function groupByIpaddr(address: string, prefixLength: number): string | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(address))
    return `ipv4:${ipaddr.IPv4.parse(address).toString()}`;
  if (!ipaddr.IPv6.isValid(address)) return undefined;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.isIPv4MappedAddress()) return `ipv4:${parsed.toIPv4Address().toString()}`;
  const bytes = parsed.toByteArray().map((byte, i) => {
    const kept = Math.min(8, Math.max(0, prefixLength - i * 8));
    return byte & (0xff << (8 - kept)) & 0xff;
  });
  return `ipv6:${(ipaddr.fromByteArray(bytes) as ipaddr.IPv6).toRFC5952String()}/${prefixLength}`;
}

const group16 = fc.integer({ min: 0, max: 0xffff });
/** Eight groups, often with runs of zeros (where `::` compression has choices to make). */
const ipv6Groups = fc.array(fc.oneof(group16, fc.constant(0), fc.constant(0)), {
  minLength: 8,
  maxLength: 8,
});
const prefixLength = fc.integer({ min: 32, max: 128 });

/** One of the ways an address is written: full, zero-padded, `::`-compressed, upper-case. */
const spelling = (groups: number[], style: number): string => {
  const hex = groups.map((g) => g.toString(16));
  switch (style % 4) {
    case 0:
      return hex.join(":");
    case 1:
      return groups.map((g) => g.toString(16).padStart(4, "0")).join(":");
    case 2:
      return new ipaddr.IPv6(groups).toRFC5952String();
    default:
      return hex.join(":").toUpperCase();
  }
};

describe("addressGroup against ipaddr.js", () => {
  it("every IPv6 address, however spelled, groups as ipaddr.js groups it", () => {
    fc.assert(
      fc.property(ipv6Groups, fc.nat(), prefixLength, (groups, style, length) => {
        const text = spelling(groups, style);
        expect(addressGroup(text, length)).toBe(groupByIpaddr(text, length));
        // Bracketed with a port, as proxies write it: the same group.
        expect(addressGroup(`[${text}]:443`, length)).toBe(groupByIpaddr(text, length));
      }),
      { numRuns: 2000 },
    );
  });

  it("IPv4 addresses, plain, with a port and v4-mapped, group as ipaddr.js groups them", () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.integer({ min: 1, max: 65535 }), (address, port) => {
        const expected = groupByIpaddr(address, 64);
        expect(addressGroup(address, 64)).toBe(expected);
        expect(addressGroup(`${address}:${port}`, 64)).toBe(expected);
        expect(addressGroup(`::ffff:${address}`, 64)).toBe(expected);
        expect(addressGroup(`[::FFFF:${address}]:${port}`, 64)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("text that is no address is none for both", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        if (/^[\s[\]\d.:a-f%x]*$/i.test(text)) return; // address-like: the cases above
        expect(addressGroup(text, 64)).toBeUndefined();
        expect(groupByIpaddr(text.trim(), 64)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });
});
