/**
 * The client's address, only from a source the app trusts: with `trustProxy`, the entry of
 * `X-Forwarded-For` that the app's own proxy appended (`true` = one proxy: the last entry; `n` =
 * the n-th from the end, for n proxies in a row). Entries before it are written by the client and
 * can be anything. Without `trustProxy`, there is no address (`undefined`): a Fetch `Request`
 * carries no socket address, and a header anyone can send is not one.
 */
export function clientAddress(request: Request, trustProxy: number): string | undefined {
  if (trustProxy < 1) return undefined;
  const header = request.headers.get("x-forwarded-for");
  if (!header) return undefined;
  const hops = header.split(",").map((hop) => hop.trim());
  const address = hops[hops.length - trustProxy];
  // An IPv4 or IPv6 address (with an optional zone or port), nothing else.
  return address && /^[0-9A-Fa-f:.[\]%]{2,64}$/.test(address) ? address : undefined;
}
