import type { Route } from "./http/route.js";
import { type Router, type RouterOptions, routerFor } from "./http/router.js";
import { controlPlaneRoutes } from "./http/routes/control-plane.js";
import { definitionRoutes } from "./http/routes/definitions.js";
import { issuanceRoutes } from "./http/routes/issuance.js";
import { openApiRoutes } from "./http/routes/openapi.js";
import { policyRoutes } from "./http/routes/policies.js";
import { verificationRoutes } from "./http/routes/verifications.js";
import type { Model } from "./model/model.js";
import { createProtocolRoutes } from "./protocol/routes.js";

// The service's route table meets the routing engine here, above both `http/` and `protocol/`
// (the protocol endpoints use http's answers; the engine knows no route).

/** Every route of the service: the management API, the control plane, OpenAPI, the protocol endpoints. */
export function allRoutes(): Route<Model>[] {
  return [
    ...definitionRoutes,
    ...issuanceRoutes,
    ...policyRoutes,
    ...verificationRoutes,
    ...controlPlaneRoutes,
    ...openApiRoutes,
    ...createProtocolRoutes(),
  ];
}

export function createRouter(
  model: Model,
  routes: Route<Model>[] = allRoutes(),
  options: RouterOptions = {},
): Router {
  return routerFor(model, routes, options);
}
