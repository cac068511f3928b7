import type { ResolvedConfig } from "../config/resolve-config.js";
import { allowedOriginsOf, isCrossSite, isLoopbackOrigin } from "../request/same-origin.js";
import { RouteError } from "./route-error.js";

/** 403 `cross_site_request`, naming the allowed origins, when a browser says another site sent this. */
export function requireSameOrigin(request: Request, config: ResolvedConfig): void {
  const allowed = allowedOriginsOf(request, config.allowedOrigins);
  if (!isCrossSite(request, allowed)) return;
  // A browser on this machine sent to this machine, on another port: a dev server's proxy.
  const localProxy =
    !config.allowedOrigins &&
    isLoopbackOrigin(request.headers.get("origin")) &&
    allowed.some(isLoopbackOrigin);
  throw RouteError.crossSite(allowed, localProxy);
}
