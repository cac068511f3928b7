import { queryOf } from "../../model/input.js";
import type { Model } from "../../model/model.js";
import { policyView } from "../../model/views.js";
import { json, readJson } from "../responses.js";
import type { Route } from "../route.js";
import { secretAuth } from "./auth.js";

/** Policies (snake_case). */
export const policyRoutes: Route<Model>[] = [
  {
    method: "POST",
    pattern: "/v1/policies",
    handle: async (ctx) => {
      const auth = secretAuth(ctx);
      return json(201, policyView(ctx.model.policies.create(auth, await readJson(ctx))));
    },
  },
  {
    method: "GET",
    pattern: "/v1/policies",
    handle: (ctx) => {
      const page = ctx.model.policies.list(secretAuth(ctx), queryOf(ctx.url));
      return json(200, {
        object: "list",
        data: page.data.map(policyView),
        has_more: page.hasMore,
        next_cursor: page.nextCursor,
      });
    },
  },
  {
    method: "GET",
    pattern: "/v1/policies/:id",
    handle: (ctx) => json(200, policyView(ctx.model.policies.get(secretAuth(ctx), ctx.params.id!))),
  },
  {
    method: "POST",
    pattern: "/v1/policies/:id/archive",
    handle: (ctx) =>
      json(200, policyView(ctx.model.policies.archive(secretAuth(ctx), ctx.params.id!))),
  },
];
