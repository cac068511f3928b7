/**
 * The client's address, only from a source the app trusts. With `trustProxy`, the entry of
 * `X-Forwarded-For` that the app's own proxy appended (`1` = one proxy: the last entry; `n` = the
 * n-th from the end, for n proxies in a row); entries before it are written by the client and can
 * be anything. Otherwise — and when that entry is missing — the socket's address, as the adapter
 * (or the app, for a Fetch runtime) handed it on: a header anyone can send is not an address.
 * `undefined` when there is neither (Next.js route handlers see no socket).
 */
export function clientAddress(
  request: Request,
  trustProxy: number,
  remoteAddress: string | undefined,
): string | undefined {
  if (trustProxy >= 1) {
    const hops = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    const forwarded = hops[hops.length - trustProxy];
    if (forwarded) return forwarded;
  }
  return remoteAddress || undefined;
}
