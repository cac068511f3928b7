import { findOperation, OPERATIONS } from "@credport/core/contract";
import { describe, expect, it } from "vitest";
import type { Route } from "../src/http/route.js";
import { controlPlaneRoutes } from "../src/http/routes/control-plane.js";
import { openApiRoutes } from "../src/http/routes/openapi.js";
import { createModel } from "../src/model/model.js";
import { createProtocolRoutes } from "../src/protocol/routes.js";
import { allRoutes, createRouter, operationHandlers } from "../src/router.js";

/** The operations table (`@credport/core/contract`) against what the mock serves. */
const BASE = "https://mock.credport.test";
const key = (route: { method: string; pattern: string }) => `${route.method} ${route.pattern}`;
/** A path of `pattern` with every `:name` segment filled in. */
const concrete = (pattern: string) => pattern.replace(/:\w+/g, "x_1");
/** The tables of what is not an operation: the control plane, OpenAPI, the protocol endpoints. */
const notOperations: Route<unknown>[] = [
  ...controlPlaneRoutes,
  ...openApiRoutes,
  ...createProtocolRoutes(),
];

describe("the operations table and the mock's routes", () => {
  it("every operation has a handler, and every handler an operation", () => {
    expect(Object.keys(operationHandlers).sort()).toEqual(OPERATIONS.map((o) => o.id).sort());
  });

  it.each(OPERATIONS.map((o) => [o.id, o] as const))(
    "%s is served: its method on its path reaches its handler",
    async (_, operation) => {
      const router = createRouter(createModel());
      const path = operation.path.replace(/\{\w+\}/g, "x_1");
      const answer = await router.handle(
        new Request(`${BASE}${path}`, {
          method: operation.method,
          ...(operation.method === "GET" ? {} : { body: "{}" }),
        }),
        BASE,
      );
      expect(answer).toBeInstanceOf(Response);
      const response = answer as Response;
      const body = response.headers.get("content-type")?.includes("json")
        ? await response.json()
        : await response.body?.cancel();
      expect([response.status, body?.code]).not.toEqual([404, "route_not_found"]);
      expect(response.status).not.toBe(405);
    },
  );

  it("every route outside the tables of non-operations is an operation, on its row's path", () => {
    const others = new Set(notOperations.map(key));
    const served = allRoutes().filter((route) => !others.has(key(route)));
    expect(served).toHaveLength(OPERATIONS.length);
    for (const route of served) {
      const found = findOperation(route.method, concrete(route.pattern));
      expect(found?.operation.path.replace(/\{(\w+)\}/g, ":$1"), key(route)).toBe(route.pattern);
    }
  });

  it("no route of the non-operation tables sits under the REST API's /v1/", () => {
    for (const route of notOperations) expect(route.pattern, key(route)).not.toMatch(/^\/v1\//);
  });
});
