import { OPERATION_ROUTES, type OperationId } from "@credport/core/contract";
import type { Model } from "../../model/model.js";
import type { Route } from "../route.js";

/** What answers one operation of the REST API. */
export type OperationHandler = Route<Model>["handle"];

/** Handlers of the REST API's operations, by the operation IDs of the route index. */
export type OperationHandlers = Readonly<Partial<Record<OperationId, OperationHandler>>>;

/**
 * The REST API's routes: one per row of the contract's route index (`OPERATION_ROUTES`, which the
 * operations table, OpenAPI and the server client read too), its method and path from the row
 * (`{name}` parameters become `:name` segments), answered by the handler of the row's ID. A row
 * without a handler is not served, and a handler without a row does not compile;
 * test/operations-served.test.ts fails on the first. The control plane, OpenAPI and the
 * protocol endpoints are not operations: they are other tables.
 */
export function operationRoutes(handlers: OperationHandlers): Route<Model>[] {
  const routes: Route<Model>[] = [];
  for (const id of Object.keys(OPERATION_ROUTES) as OperationId[]) {
    const handle = handlers[id];
    if (handle === undefined) continue;
    const { method, path } = OPERATION_ROUTES[id];
    routes.push({ method, pattern: path.replace(/\{(\w+)\}/g, ":$1"), handle });
  }
  return routes;
}
