import { ModelError, validationError } from "../../model/errors.js";
import type { FaultRule } from "../../model/faults.js";
import { isObject } from "../../model/input.js";
import type { Environment, KeyType, Scope } from "../../model/keys.js";
import type { Model } from "../../model/model.js";
import { json, readJson } from "../responses.js";
import type { Route } from "../route.js";

async function body(request: Request): Promise<Record<string, unknown>> {
  const parsed = await readJson(request);
  if (!isObject(parsed)) throw validationError("body: must be a JSON object");
  return parsed;
}

function tenantOf(model: Model, input: Record<string, unknown>) {
  const projectId = input.projectId;
  if (typeof projectId !== "string" || !model.keys.projects.has(projectId)) {
    throw new ModelError(404, "not_found", "projectId: no such project");
  }
  const environment = (input.environment ?? "test") as Environment;
  if (environment !== "test" && environment !== "live")
    throw validationError('environment: "test" or "live"');
  return { projectId, environment };
}

/** Emulator control plane (docs/api.md): never part of the real service or the client packages. */
export const controlPlaneRoutes: Route<Model>[] = [
  {
    method: "POST",
    pattern: "/__emulator/reset",
    handle: (ctx) => {
      ctx.model.reset();
      return json(200, { ok: true });
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/projects",
    handle: async (ctx) => {
      const input = await body(ctx.request);
      const environment = (input.environment ?? "test") as Environment;
      if (environment !== "test" && environment !== "live")
        throw validationError('environment: "test" or "live"');
      if (input.scopes !== undefined && !Array.isArray(input.scopes))
        throw validationError("scopes: must be an array");
      return json(
        201,
        ctx.model.createProject({ environment, scopes: input.scopes as Scope[] | undefined }),
      );
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/keys",
    handle: async (ctx) => {
      const input = await body(ctx.request);
      const type = input.type as KeyType;
      if (!["secret", "publishable", "webhook"].includes(type))
        throw validationError("type: secret, publishable or webhook");
      const key = ctx.model.keys.createKey({
        ...tenantOf(ctx.model, input),
        type,
        scopes: input.scopes as Scope[] | undefined,
      });
      return json(201, { key });
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/keys/revoke",
    handle: async (ctx) => {
      const { key } = await body(ctx.request);
      if (typeof key !== "string") throw validationError("key: is required");
      ctx.model.keys.revoke(key);
      return json(200, { ok: true });
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/clock/advance",
    handle: async (ctx) => {
      const { ms } = await body(ctx.request);
      if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0)
        throw validationError("ms: a number >= 0");
      return json(200, { now: ctx.model.clock.iso(ctx.model.clock.advance(ms)) });
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/realtime",
    handle: async (ctx) => {
      const { available } = await body(ctx.request);
      if (typeof available !== "boolean") throw validationError("available: must be a boolean");
      ctx.model.realtime.setAvailable(available);
      return json(200, { ok: true });
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/faults",
    handle: async (ctx) => {
      ctx.model.faults.inject((await body(ctx.request)) as unknown as FaultRule);
      return json(200, { ok: true });
    },
  },
  {
    method: "DELETE",
    pattern: "/__emulator/faults",
    handle: (ctx) => {
      ctx.model.faults.clear();
      return json(200, { ok: true });
    },
  },
  {
    method: "POST",
    pattern: "/__emulator/webhooks",
    handle: async (ctx) => {
      const input = await body(ctx.request);
      if (typeof input.url !== "string" || !/^https?:\/\//.test(input.url))
        throw validationError("url: an http(s) URL");
      return json(201, {
        id: ctx.model.webhooks.register(tenantOf(ctx.model, input), input.url).id,
      });
    },
  },
  {
    method: "GET",
    pattern: "/__emulator/events",
    handle: (ctx) => {
      const projectId = ctx.url.searchParams.get("projectId");
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
    handle: (ctx) => {
      ctx.model.requestLog.length = 0;
      return json(200, { ok: true });
    },
  },
  {
    method: "GET",
    pattern: "/__emulator/state",
    handle: (ctx) => json(200, ctx.model.snapshot()),
  },
];
