/**
 * Refuses cross-site state changes: the browser's Origin (or Sec-Fetch-Site) must say the request
 * comes from this site. A request without either (a server, curl) is not a browser's cross-site request.
 */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  return origin !== new URL(request.url).origin;
}
