import type { ResolvedConfig } from "../config/resolve-config.js";
import { allowedOriginsOf, isCrossSite } from "../request/same-origin.js";
import { RouteError } from "./route-error.js";

/** 403 `cross_site_request`, naming the allowed origins, when a browser says another site sent this. */
export function requireSameOrigin(request: Request, config: ResolvedConfig): void {
  const allowed = allowedOriginsOf(request, config.allowedOrigins);
  if (isCrossSite(request, allowed)) throw RouteError.crossSite(allowed);
}
