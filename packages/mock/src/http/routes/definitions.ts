import { queryOf } from "../../model/infrastructure/input.js";
import { definitionView } from "../../model/records/views.js";
import { json, readJson } from "../responses.js";
import { secretAuth } from "./auth.js";
import type { OperationHandlers } from "./operations.js";

/** Credential definitions (camelCase), by operation ID: the operations table gives their routes. */
export const definitionHandlers: OperationHandlers = {
  createCredentialDefinition: async (ctx) => {
    const auth = secretAuth(ctx);
    return json(201, definitionView(ctx.model.definitions.create(auth, await readJson(ctx))));
  },
  listCredentialDefinitions: (ctx) => {
    const page = ctx.model.definitions.list(secretAuth(ctx), queryOf(ctx.url));
    return json(200, {
      object: "list",
      data: page.data.map(definitionView),
      hasMore: page.hasMore,
      nextCursor: page.nextCursor,
    });
  },
  getCredentialDefinition: (ctx) =>
    json(
      200,
      definitionView(
        ctx.model.definitions.get(secretAuth(ctx), ctx.params.credentialDefinitionId!),
      ),
    ),
  updateCredentialDefinition: async (ctx) => {
    const auth = secretAuth(ctx);
    const id = ctx.params.credentialDefinitionId!;
    return json(200, definitionView(ctx.model.definitions.update(auth, id, await readJson(ctx))));
  },
  publishCredentialDefinition: (ctx) =>
    json(
      200,
      definitionView(
        ctx.model.definitions.publish(secretAuth(ctx), ctx.params.credentialDefinitionId!),
      ),
    ),
  archiveCredentialDefinition: (ctx) =>
    json(
      200,
      definitionView(
        ctx.model.definitions.archive(secretAuth(ctx), ctx.params.credentialDefinitionId!),
      ),
    ),
};
