import { queryOf } from "../../model/infrastructure/input.js";
import { policyView } from "../../model/records/views.js";
import { json, readJson } from "../responses.js";
import { secretAuth } from "./auth.js";
import type { OperationHandlers } from "./operations.js";

/** Policies (snake_case), by operation ID: the operations table gives their routes. */
export const policyHandlers: OperationHandlers = {
  createPolicy: async (ctx) => {
    const auth = secretAuth(ctx);
    return json(201, policyView(ctx.model.policies.create(auth, await readJson(ctx))));
  },
  listPolicies: (ctx) => {
    const page = ctx.model.policies.list(secretAuth(ctx), queryOf(ctx.url));
    return json(200, {
      object: "list",
      data: page.data.map(policyView),
      has_more: page.hasMore,
      next_cursor: page.nextCursor,
    });
  },
  getPolicy: (ctx) =>
    json(200, policyView(ctx.model.policies.get(secretAuth(ctx), ctx.params.policyId!))),
  archivePolicy: (ctx) =>
    json(200, policyView(ctx.model.policies.archive(secretAuth(ctx), ctx.params.policyId!))),
};
