import { createOpenApiDocument } from "@credport/core/contract";
import type { Model } from "../../model/model.js";
import type { Route } from "../route.js";

const documents = new Map<string, string>();

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of the REST API, generated from the wire contract,
 * with this emulator as its server. Readable from any origin, for API explorers.
 */
export const openApiRoutes: Route<Model>[] = [
  {
    method: "GET",
    pattern: "/openapi.json",
    handle: (ctx) => {
      let document = documents.get(ctx.baseUrl);
      if (document === undefined) {
        document = JSON.stringify(createOpenApiDocument({ serverUrl: ctx.baseUrl }));
        documents.set(ctx.baseUrl, document);
      }
      return new Response(document, {
        status: 200,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "access-control-allow-origin": "*",
          "cache-control": "no-cache",
        },
      });
    },
  },
];
