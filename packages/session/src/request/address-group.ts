import ipaddr from "ipaddr.js";

/** IPv6 clients are counted per network of this many leading bits by default: one home's /64. */
export const DEFAULT_IPV6_PREFIX_LENGTH = 64;

/**
 * The address text without what proxies and runtimes wrap around it: `[v6]:port` and `[v6]`,
 * `v4:port`, and an IPv6 zone (`%eth0`).
 */
function bareAddress(text: string): string {
  let address = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(address)) address = address.slice(0, address.indexOf(":"));
  const zone = address.indexOf("%");
  return zone === -1 ? address : address.slice(0, zone);
}

/**
 * The client one address stands for, as the per-address limit counts it: an IPv4 address in its
 * dotted-decimal form, or the IPv6 network of its first `ipv6PrefixLength` bits (a home or a
 * phone gets a whole /64, often a /56: counting each address would count each of its billions).
 * Every spelling of one address gives one group: with or without a port or brackets, v4-mapped
 * IPv6 (`::ffff:1.2.3.4`) as the IPv4 address, any case or zero compression. `undefined` when the
 * text is not an address.
 */
export function addressGroup(text: string, ipv6PrefixLength: number): string | undefined {
  const address = bareAddress(text);
  if (ipaddr.IPv4.isValidFourPartDecimal(address))
    return `ipv4:${ipaddr.IPv4.parse(address).toString()}`;
  if (!ipaddr.IPv6.isValid(address)) return undefined;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.isIPv4MappedAddress()) return `ipv4:${parsed.toIPv4Address().toString()}`;
  const bytes = parsed.toByteArray().map((byte, i) => {
    const kept = Math.min(8, Math.max(0, ipv6PrefixLength - i * 8));
    return byte & (0xff << (8 - kept)) & 0xff;
  });
  const network = ipaddr.fromByteArray(bytes) as ipaddr.IPv6;
  return `ipv6:${network.toRFC5952String()}/${ipv6PrefixLength}`;
}
