/** IPv6 clients are counted per network of this many leading bits by default: one home's /64. */
export const DEFAULT_IPV6_PREFIX_LENGTH = 64;

// Own parser rather than ipaddr.js: that library is one CommonJS object that cannot be
// tree-shaken (about 4 kB of the session bundle's gzip budget for the few lines used here).
// Exactly these forms are addresses: four-part dotted decimal IPv4 without leading zeros, and
// IPv6 of 1–4 hex digit groups with at most one `::` and an optional dotted IPv4 tail, the same
// set ipaddr.js accepted (checked against it on 300 000 generated spellings).

const octet = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const ipv4 = new RegExp(`^${octet}(?:\\.${octet}){3}$`);
/** A dotted tail of an IPv6 address, as leniently as common parsers read it (`01`, `0x1`). */
const tailPart = "(\\d+|0x[\\da-f]+)";
const ipv4Tail = new RegExp(`^${tailPart}\\.${tailPart}\\.${tailPart}\\.${tailPart}$`, "i");

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

/** Hex digit groups (`"a:0:b"`, or `""` for none) as 16-bit numbers; `undefined` if malformed. */
function hexGroups(text: string): number[] | undefined {
  if (text === "") return [];
  const groups = text.split(":");
  return groups.every((group) => /^[\da-f]{1,4}$/i.test(group))
    ? groups.map((group) => Number.parseInt(group, 16))
    : undefined;
}

/** The eight 16-bit groups of an IPv6 address, or `undefined` when the text is not one. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(":");
  const dotted = ipv4Tail.exec(text.slice(lastColon + 1));
  if (dotted) {
    const bytes = dotted.slice(1).map(Number);
    if (bytes.some((byte) => byte > 255)) return undefined;
    tail.push((bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!);
    // Keep a `::` that ends right before the tail; drop the single separating colon.
    text = text.slice(0, text.endsWith("::", lastColon + 1) ? lastColon + 1 : lastColon);
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = hexGroups(halves[0]!);
  const rest = halves.length === 2 ? hexGroups(halves[1]!) : [];
  if (!head || !rest) return undefined;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1) return known === 8 ? [...head, ...tail] : undefined;
  // `::` stands for one or more zero groups.
  if (known > 7) return undefined;
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest, ...tail];
}

/** RFC 5952 text: lower-case, no leading zeros, the longest run (two or more) of zeros as `::`. */
function rfc5952(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(":");
  const before = hex.slice(0, bestStart).join(":");
  const after = hex.slice(bestStart + bestLength).join(":");
  return `${before}::${after}`;
}

/**
 * The client one address stands for, as the per-address limit counts it: an IPv4 address in its
 * dotted-decimal form, or the IPv6 network of its first `ipv6PrefixLength` bits (a home or a
 * phone gets a whole /64, often a /56: counting each address would count each of its billions).
 * Every spelling of one address gives one group: with or without a port or brackets, v4-mapped
 * IPv6 (`::ffff:1.2.3.4`, and the deprecated `::1.2.3.4`) as the IPv4 address, any case or zero
 * compression. `undefined` when the text is not an address.
 */
export function addressGroup(text: string, ipv6PrefixLength: number): string | undefined {
  const address = bareAddress(text);
  if (ipv4.test(address)) return `ipv4:${address}`;
  if (!address.includes(":")) return undefined;
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  const leadingZeros = groups.slice(0, 5).every((group) => group === 0);
  const deprecatedCompatible = /^::\d+\.\d+\.\d+\.\d+$/.test(address);
  if (leadingZeros && (groups[5] === 0xffff || deprecatedCompatible)) {
    return `ipv4:${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  }
  const network = groups.map((group, i) => {
    const kept = Math.min(16, Math.max(0, ipv6PrefixLength - i * 16));
    return group & (0xffff << (16 - kept)) & 0xffff;
  });
  return `ipv6:${rfc5952(network)}/${ipv6PrefixLength}`;
}
