import type { z } from "zod";
import { ModelError } from "../../model/infrastructure/errors.js";
import { parseInput } from "../../model/infrastructure/parse-input.js";
import type { Tenant } from "../../model/keys.js";
import type { Model } from "../../model/model.js";
import {
  clockAdvanceBody,
  emptyBody,
  eventsQuery,
  faultBody,
  keyBody,
  projectBody,
  realtimeBody,
  revokeBody,
  webhookBody,
} from "../control-plane-schemas.js";
import { json, readJson } from "../responses.js";
import type { Route } from "../route.js";
import type { Context } from "./auth.js";

/** The body parsed with its schema: a malformed one is 400 validation_error naming the field. */
const body = async <S extends z.ZodType>(ctx: Context, schema: S): Promise<z.output<S>> =>
  parseInput(schema, await readJson(ctx));

function tenantOf(
  model: Model,
  input: { projectId: string; environment?: "test" | "live" | undefined },
): Tenant {
  if (!model.keys.projects.has(input.projectId)) {
    throw new ModelError(404, "not_found", "projectId: no such project", { field: "projectId" });
  }
  return { projectId: input.projectId, environment: input.environment ?? "test" };
}

/** Emulator control plane (docs/api.md): never part of the real service or the client packages. */
export const controlPlaneRoutes: Route<Model>[] = [
  {
    method: "POST",
    pattern: "/__emulator/reset",
    handle: async (ctx) => {
      await body(ctx, emptyBody);
      ctx.model.reset();
      return json(200, { ok: true });
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/projects",
    handle: async (ctx) => json(201, ctx.model.createProject(await body(ctx, projectBody))),
  },
  {
    method: "POST",
    pattern: "/__emulator/keys",
    handle: async (ctx) => {
      const input = await body(ctx, keyBody);
      const key = ctx.model.keys.createKey({
        ...tenantOf(ctx.model, input),
        type: input.type,
        scopes: input.scopes,
      });
      return json(201, { key });
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/keys/revoke",
    handle: async (ctx) => {
      ctx.model.keys.revoke((await body(ctx, revokeBody)).key);
      return json(200, { ok: true });
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/clock/advance",
    handle: async (ctx) => {
      const { ms } = await body(ctx, clockAdvanceBody);
      return json(200, { now: ctx.model.clock.iso(ctx.model.clock.advance(ms)) });
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/realtime",
    handle: async (ctx) => {
      ctx.model.realtime.setAvailable((await body(ctx, realtimeBody)).available);
      return json(200, { ok: true });
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/faults",
    handle: async (ctx) => {
      ctx.model.faults.inject(await body(ctx, faultBody));
      return json(200, { ok: true });
    },
  },
  {
    method: "DELETE",
    pattern: "/__emulator/faults",
    handle: async (ctx) => {
      await body(ctx, emptyBody);
      ctx.model.faults.clear();
      return json(200, { ok: true });
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/webhooks",
    handle: async (ctx) => {
      const input = await body(ctx, webhookBody);
      return json(201, {
        id: ctx.model.webhooks.register(tenantOf(ctx.model, input), input.url).id,
      });
    },
  },
  {
    method: "GET",
    pattern: "/__emulator/events",
    handle: (ctx) => {
      const { projectId } = parseInput(eventsQuery, {
        projectId: ctx.url.searchParams.get("projectId") || undefined,
      });
      const data = ctx.model.webhooks.events
        .filter((record) => !projectId || record.tenant.projectId === projectId)
        .map(({ event, payload, signature }) => ({ event, payload, signature }));
      return json(200, { data });
    },
  },
  {
    method: "GET",
    pattern: "/__emulator/requests",
    handle: (ctx) => json(200, { data: ctx.model.requestLog }),
  },
  {
    method: "DELETE",
    pattern: "/__emulator/requests",
    handle: async (ctx) => {
      await body(ctx, emptyBody);
      ctx.model.requestLog.length = 0;
      return json(200, { ok: true });
    },
  },
  {
    // The test CA's root (docs/protocol.md): what a wallet trusts to accept the emulator's
    // verifiers and issuers under the HAIP profile. Public: a certificate, not its key.
    method: "GET",
    pattern: "/__emulator/ca.pem",
    handle: async (ctx) =>
      new Response(await ctx.model.ca.rootPem(), {
        headers: { "content-type": "application/x-pem-file", "cache-control": "no-store" },
      }),
  },
  {
    method: "GET",
    pattern: "/__emulator/state",
    handle: (ctx) => json(200, ctx.model.snapshot()),
  },
];
