import type { Route } from "../http/route.js";
import type { Model } from "../model/model.js";

/** OpenID4VCI and OpenID4VP endpoints the wallet talks to (issue 4). */
export function createProtocolRoutes(): Route<Model>[] {
  return [];
}
