import { queryOf } from "../../model/input.js";
import type { Model } from "../../model/model.js";
import { definitionView } from "../../model/views.js";
import { json, readJson } from "../responses.js";
import type { Route } from "../route.js";
import { secretAuth } from "./auth.js";

const BASE = "/v1/issuer/credential-definitions";

/** Credential definitions (camelCase). */
export const definitionRoutes: Route<Model>[] = [
  {
    method: "POST",
    pattern: BASE,
    handle: async (ctx) => {
      const auth = secretAuth(ctx);
      return json(201, definitionView(ctx.model.definitions.create(auth, await readJson(ctx))));
    },
  },
  {
    method: "GET",
    pattern: BASE,
    handle: (ctx) => {
      const page = ctx.model.definitions.list(secretAuth(ctx), queryOf(ctx.url));
      return json(200, {
        object: "list",
        data: page.data.map(definitionView),
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
      });
    },
  },
  {
    method: "GET",
    pattern: `${BASE}/:id`,
    handle: (ctx) =>
      json(200, definitionView(ctx.model.definitions.get(secretAuth(ctx), ctx.params.id!))),
  },
  {
    method: "PATCH",
    pattern: `${BASE}/:id`,
    handle: async (ctx) => {
      const auth = secretAuth(ctx);
      return json(
        200,
        definitionView(ctx.model.definitions.update(auth, ctx.params.id!, await readJson(ctx))),
      );
    },
  },
  {
    method: "POST",
    pattern: `${BASE}/:id/publish`,
    handle: (ctx) =>
      json(200, definitionView(ctx.model.definitions.publish(secretAuth(ctx), ctx.params.id!))),
  },
  {
    method: "POST",
    pattern: `${BASE}/:id/archive`,
    handle: (ctx) =>
      json(200, definitionView(ctx.model.definitions.archive(secretAuth(ctx), ctx.params.id!))),
  },
];
