import { BlockList, isIP } from "node:net";
import { validationError } from "./infrastructure/errors.js";

/**
 * Link-local ranges, where clouds serve instance metadata (credentials included) and nothing a
 * developer's webhook receiver lives on; loopback and private ranges stay allowed.
 */
const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet("169.254.0.0", 16, "ipv4");
LINK_LOCAL.addSubnet("fe80::", 10, "ipv6");

/** Cloud metadata services outside the link-local ranges (AWS over IPv6, Alibaba). */
const METADATA_ADDRESSES = new BlockList();
METADATA_ADDRESSES.addAddress("fd00:ec2::254", "ipv6");
METADATA_ADDRESSES.addAddress("100.100.100.200", "ipv4");

/** Names of cloud metadata services (GCP, AWS, Tencent, …). */
const METADATA_NAMES = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.tencentyun.com",
  "metadata.azure.internal",
]);

export const ALLOW_FLAG =
  "start the emulator with --allow-link-local-webhooks (createModel({ allowLinkLocalWebhooks: true })) to deliver there";

/** Why the emulator refuses to deliver to this IP address, or `undefined`. */
export function forbiddenAddress(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return undefined;
  const type = family === 4 ? "ipv4" : "ipv6";
  if (METADATA_ADDRESSES.check(address, type)) return "a cloud metadata address";
  if (LINK_LOCAL.check(address, type))
    return "a link-local address (where cloud metadata services answer)";
  return undefined;
}

/**
 * Refuses, as 400 naming `url`, an endpoint URL whose host is a link-local or metadata address
 * or name as written (after the URL parser's normalisation: `http://2852039166/` is
 * 169.254.169.254). Names are checked again, resolved, at each delivery.
 */
export function checkWebhookUrl(url: string): void {
  const host = new URL(url).hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  const reason = METADATA_NAMES.has(host) ? "a cloud metadata name" : forbiddenAddress(host);
  if (reason) throw validationError(`url: ${host} is ${reason}; ${ALLOW_FLAG}`, { field: "url" });
}
