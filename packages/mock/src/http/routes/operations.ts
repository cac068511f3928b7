import { OPERATIONS } from "@credport/core/contract";
import type { Model } from "../../model/model.js";
import type { Route } from "../route.js";

/** What answers one operation of the REST API. */
export type OperationHandler = Route<Model>["handle"];

/** Handlers of the REST API's operations, by the operations table's IDs. */
export type OperationHandlers = Readonly<Record<string, OperationHandler>>;

/**
 * The REST API's routes: one per row of the contract's operations table (`@credport/core/contract`),
 * its method and path from the row (`{name}` parameters become `:name` segments), answered by the
 * handler of the row's ID. A row without a handler is not served and a handler without a row is
 * not routed; test/operations-served.test.ts fails on either. The control plane, OpenAPI and the
 * protocol endpoints are not operations: they are other tables.
 */
export function operationRoutes(handlers: OperationHandlers): Route<Model>[] {
  const routes: Route<Model>[] = [];
  for (const operation of OPERATIONS) {
    const handle = handlers[operation.id];
    if (handle === undefined) continue;
    const pattern = operation.path.replace(/\{(\w+)\}/g, ":$1");
    routes.push({ method: operation.method, pattern, handle });
  }
  return routes;
}
