import { dcApiCreateAnswer, submitDcApiResponse } from "./channels/dc-api/dc-api-operation.js";
import type { Route } from "./http/route.js";
import { type Router, type RouterOptions, routerFor } from "./http/router.js";
import { controlPlaneRoutes } from "./http/routes/control-plane.js";
import { definitionHandlers } from "./http/routes/definitions.js";
import { issuanceHandlers } from "./http/routes/issuance.js";
import { openApiRoutes } from "./http/routes/openapi.js";
import { type OperationHandlers, operationRoutes } from "./http/routes/operations.js";
import { policyHandlers } from "./http/routes/policies.js";
import { verificationHandlers } from "./http/routes/verifications.js";
import type { Model } from "./model/model.js";
import { createProtocolRoutes } from "./protocol/routes.js";
import { verifier } from "./protocol/verifier/verifier.js";

// The service's route table meets the routing engine here, above both `http/` and `protocol/`
// (the protocol endpoints use http's answers; the engine knows no route).

/** The handler of every operation of the REST API, by the operations table's IDs. */
export const operationHandlers: OperationHandlers = {
  ...definitionHandlers,
  ...issuanceHandlers,
  ...policyHandlers,
  ...verificationHandlers(dcApiCreateAnswer(verifier)),
  // The DC API's answer arrives through the REST API: the channel decides it through the verifier.
  submitDcApiResponse: submitDcApiResponse(verifier),
};

/**
 * Every route of the service: the REST API (its routes from the operations table), then the
 * tables of what is not an operation: the control plane, OpenAPI, the protocol endpoints.
 */
export function allRoutes(): Route<Model>[] {
  return [
    ...operationRoutes(operationHandlers),
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
