import { CredportConfigurationError } from "@credport/core";
import { createModel, DEFAULT_MODEL_LIMITS, type Model, type ModelOptions } from "@credport/mock";
import { afterEach, describe, expect, it } from "vitest";
import { badgeClaims, badgeDefinition, type Service, TRANSPORTS } from "./support/transports.js";

const OFFER = "/v1/openid4vc/issuance/offer";

describe("documented limits", () => {
  it("defaults: what docs/api.md states", () => {
    expect(DEFAULT_MODEL_LIMITS).toEqual({
      requestLog: 5_000,
      webhookEvents: 10_000,
      idempotencyRecords: 10_000,
      idempotencyBytes: 32 * 2 ** 20,
      realtimeStreams: 10_000,
      webhookDeliveries: 1_000,
      webhookEndpoints: 100,
      faultRules: 100,
      requestBodyBytes: 4 * 2 ** 20,
      protocolNonces: 10_000,
      accessTokens: 10_000,
      authorizationRequests: 10_000,
      dpopProofs: 100_000,
    });
    expect(createModel().limits).toEqual(DEFAULT_MODEL_LIMITS);
  });

  it("a limit that is not a positive integer, or not a limit, is a configuration error when the model is made", () => {
    for (const [limits, name] of [
      [{ webhookEvents: 0 }, /limits\.webhookEvents/],
      [{ requestLog: Number.NaN }, /limits\.requestLog/],
      [{ webhookEvent: 5 }, /limits\.webhookEvent is not a limit/],
    ] as const) {
      const error = (() => {
        try {
          createModel({ limits: limits as ModelOptions["limits"] });
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(CredportConfigurationError);
      expect(error).toMatchObject({ code: "invalid_option", message: expect.stringMatching(name) });
    }
  });

  it("webhook history keeps the newest events", () => {
    const model = createModel({ limits: { webhookEvents: 5 } });
    const project = model.createProject();
    const auth = model.keys.authenticateSecret(project.secretKey);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const v = model.verifications.create(auth, { policy_id: "preset_age_over_18" });
      model.verifications.cancel(auth, v.id);
      ids.push(v.id);
    }
    expect(model.webhooks.events.map((e) => (e.event.data.object as { id: string }).id)).toEqual(
      ids.slice(3),
    );
  });

  it("no more than the limit of webhook deliveries run at once; further events are still recorded", async () => {
    let started = 0;
    const model = createModel({
      limits: { webhookDeliveries: 2 },
      fetch: (() => {
        started++;
        return new Promise<never>(() => {});
      }) as typeof fetch,
    });
    const project = model.createProject();
    model.webhooks.register(project, "http://127.0.0.1:1/hook");
    const auth = model.keys.authenticateSecret(project.secretKey);
    for (let i = 0; i < 5; i++) {
      const v = model.verifications.create(auth, { policy_id: "preset_age_over_18" });
      model.verifications.cancel(auth, v.id);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toBe(2);
    expect(model.webhooks.events).toHaveLength(5);
  });
});

describe.each(TRANSPORTS)("limits over the wire ($name)", (transport) => {
  let service: Service | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  async function start(limits: ModelOptions["limits"]): Promise<Service> {
    const model: Model = createModel({ limits });
    service = await transport.start({ model });
    await service.call("POST", "/v1/issuer/credential-definitions", {
      body: { ...badgeDefinition(), lifecycleStatus: "published" },
    });
    return service;
  }

  it("the request log keeps the newest requests", async () => {
    const s = await start({ requestLog: 3 });
    for (const id of ["a", "b", "c", "d"]) await s.call("GET", `/v1/verifications/${id}`);
    expect(s.model.requestLog.map((r) => r.path)).toEqual([
      "/v1/verifications/b",
      "/v1/verifications/c",
      "/v1/verifications/d",
    ]);
  });

  it("the request log holds at most its limit at every read, however many came in between", async () => {
    const s = await start({ requestLog: 3 });
    const paths = (count: number, from: number) =>
      Array.from({ length: count }, (_, i) => `/v1/verifications/v${from + i}`);
    // More than twice the limit in a row: the log drops its oldest in one cut on the way.
    for (const path of paths(8, 0)) await s.call("GET", path);
    expect(s.model.requestLog.map((r) => r.path)).toEqual(paths(3, 5));
    s.model.requestLog.length = 0;
    for (const path of paths(2, 8)) await s.call("GET", path);
    expect(s.model.requestLog.map((r) => r.path)).toEqual(paths(2, 8));
  });

  it("idempotent answers beyond the limit: the oldest key is forgotten, the newest replays", async () => {
    const s = await start({ idempotencyRecords: 2 });
    const body = { credentialDefinitionId: "badge-v1", claims: badgeClaims };
    const send = (key: string) =>
      s.call("POST", OFFER, { body, headers: { "idempotency-key": key } });
    const first = await send("k1");
    await send("k2");
    await send("k3");
    expect(s.model.snapshot().idempotencyRecords).toBe(2);
    expect((await send("k3")).headers.get("idempotent-replayed")).toBe("true");
    const again = await send("k1");
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
  });

  it("idempotent answers are also bounded by their total size", async () => {
    const s = await start({ idempotencyBytes: 1_500 });
    const body = { credentialDefinitionId: "badge-v1", claims: badgeClaims };
    for (let i = 0; i < 6; i++)
      await s.call("POST", OFFER, { body, headers: { "idempotency-key": `size-${i}` } });
    const stored = s.model.snapshot().idempotencyRecords;
    expect(stored).toBeGreaterThanOrEqual(1);
    expect(stored).toBeLessThan(6);
  });

  it("realtime streams beyond the limit answer 503 realtime_unavailable; a closed one frees its place", async () => {
    const s = await start({ realtimeStreams: 2 });
    const v = await s.call("POST", "/v1/verifications", {
      body: { policy_id: "preset_age_over_18" },
    });
    const url = `${s.baseUrl}/v1/verifications/${v.body.id}/events`;
    const headers = {
      authorization: `Bearer ${v.body.client_token}`,
      "x-publishable-key": s.project.publishableKey,
    };
    // Clients leave by aborting (under msw, cancelling a body never reaches the mock: msw keeps a
    // copy of every response for its own listeners).
    const aborts: AbortController[] = [];
    const open = () => {
      const abort = new AbortController();
      aborts.push(abort);
      return fetch(url, { headers, signal: abort.signal });
    };
    expect([(await open()).status, (await open()).status]).toEqual([200, 200]);
    const third = await open();
    expect(third.status).toBe(503);
    expect(((await third.json()) as { code: string }).code).toBe("realtime_unavailable");
    aborts[0]!.abort();
    // The server sees the client leave a moment later.
    let fourth = 0;
    for (let i = 0; i < 50 && fourth !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      fourth = (await open()).status;
    }
    expect(fourth).toBe(200);
    for (const abort of aborts) abort.abort();
  });

  it("fault rules beyond the limit are 400 limit_exceeded; used-up rules free their place", async () => {
    const s = await start({ faultRules: 2 });
    const inject = (body: unknown) => s.call("POST", "/__emulator/faults", { key: null, body });
    expect((await inject({ kind: "service_unavailable", path: "/v1/policies" })).status).toBe(200);
    expect((await inject({ kind: "service_unavailable", path: "/v1/policies" })).status).toBe(200);
    const refused = await inject({ kind: "server_error" });
    expect([refused.status, refused.body.code, refused.body.details]).toEqual([
      400,
      "limit_exceeded",
      { limit: "faultRules", max: 2 },
    ]);
    expect((await s.call("GET", "/v1/policies")).status).toBe(503);
    expect((await inject({ kind: "service_unavailable", path: "/v1/policies" })).status).toBe(200);
  });

  it("webhook endpoints beyond the limit are 400 limit_exceeded", async () => {
    const s = await start({ webhookEndpoints: 1 });
    const register = () =>
      s.call("POST", "/__emulator/webhooks", {
        key: null,
        body: { projectId: s.project.projectId, url: "http://127.0.0.1:1/hook" },
      });
    expect((await register()).status).toBe(201);
    const refused = await register();
    expect([refused.status, refused.body.code]).toEqual([400, "limit_exceeded"]);
  });

  it("a body over the limit is 413 request_too_large", async () => {
    const s = await start({ requestBodyBytes: 1_000 });
    const res = await s.call("POST", "/v1/policies", {
      raw: JSON.stringify({ name: "x".repeat(1_000) }),
    });
    expect([res.status, res.body.code]).toEqual([413, "request_too_large"]);
  });
});

describe("protocol profile", () => {
  it("is HAIP unless asked otherwise, and an unknown one is refused by name", () => {
    expect(createModel().profile).toBe("haip");
    expect(createModel({ profile: "plain" }).profile).toBe("plain");
    expect(() => createModel({ profile: "haip2" as never })).toThrow(
      new CredportConfigurationError(
        "@credport/mock: profile must be one of haip, plain: got haip2",
        { code: "invalid_option" },
      ),
    );
    expect(() => createModel({ profile: "haip2" as never })).toThrow(CredportConfigurationError);
  });
});
