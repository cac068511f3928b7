import { createModel } from "@credport/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeClaims, badgeDefinition, type Service, TRANSPORTS } from "./support/transports.js";

const CRLF_HEADER = "1\r\nset-cookie: stolen=1";

/** [path, body, the field the 400 names] — every control-plane body is checked against its schema. */
const REFUSED: [string, unknown, string][] = [
  ["/clock/advance", { ms: 1e300 }, "ms"],
  ["/clock/advance", { ms: 8.64e15 }, "ms"],
  ["/clock/advance", { ms: -1 }, "ms"],
  ["/clock/advance", { ms: "60000" }, "ms"],
  ["/clock/advance", {}, "ms"],
  ["/clock/advance", { ms: 1000, seconds: 1 }, "seconds"],
  ["/faults", { kind: "server_error", method: 5 }, "method"],
  ["/faults", { kind: "server_error", method: "FETCH" }, "method"],
  ["/faults", { kind: "rate_limited", retryAfterSeconds: CRLF_HEADER }, "retryAfterSeconds"],
  ["/faults", { kind: "rate_limited", retryAfterSeconds: 1.5 }, "retryAfterSeconds"],
  ["/faults", { kind: "rate_limited", retryAfterSeconds: -1 }, "retryAfterSeconds"],
  ["/faults", { kind: "delay", delayMs: 1e9 }, "delayMs"],
  ["/faults", { kind: "server_error", path: 5 }, "path"],
  ["/faults", { kind: "server_error", path: "v1/policies" }, "path"],
  ["/faults", { kind: "server_error", count: 0 }, "count"],
  ["/faults", { kind: "server_error", count: "3" }, "count"],
  ["/faults", { kind: "server_error", rate: 2 }, "rate"],
  ["/faults", { kind: "explode" }, "kind"],
  ["/faults", { kind: "server_error", typo: true }, "typo"],
  ["/projects", { environment: "production" }, "environment"],
  ["/projects", { scopes: "issuance:read" }, "scopes"],
  ["/projects", { scopes: ["issuance:read", "root"] }, "scopes[1]"],
  ["/keys", { projectId: 5, type: "secret" }, "projectId"],
  ["/keys", { projectId: "proj_x", type: "root" }, "type"],
  ["/keys", { projectId: "proj_x", type: "secret", environment: "prod" }, "environment"],
  ["/keys/revoke", { key: 5 }, "key"],
  ["/keys/revoke", {}, "key"],
  ["/realtime", { available: "no" }, "available"],
  ["/realtime", {}, "available"],
  ["/webhooks", { projectId: "proj_x", url: "ftp://example.test/hook" }, "url"],
  ["/webhooks", { projectId: "proj_x", url: "http://example.test/\r\nx" }, "url"],
  ["/webhooks", { url: "http://127.0.0.1:1/hook" }, "projectId"],
  ["/reset", { everything: true }, "everything"],
  ["/faults", [], "body"],
  ["/faults", "server_error", "body"],
  ["/faults", null, "body"],
];

describe.each(TRANSPORTS)("control-plane input ($name)", (transport) => {
  let service: Service;
  beforeAll(async () => {
    service = await transport.start();
    await service.call("POST", "/v1/issuer/credential-definitions", {
      body: { ...badgeDefinition(), lifecycleStatus: "published" },
    });
    // An open offer and a pending verification: the sweep has something to expire.
    await service.call("POST", "/v1/openid4vc/issuance/offer", {
      body: { credentialDefinitionId: "badge-v1", claims: badgeClaims },
    });
    await service.call("POST", "/v1/verifications", { body: { policy_id: "preset_age_over_18" } });
  });
  afterAll(() => service.close());

  const control = (method: string, path: string, body?: unknown) =>
    service.call(method, `/__emulator${path}`, { key: null, body });

  it.each(REFUSED)(
    "POST %s %j is 400 naming %s, and changes nothing",
    async (path, body, field) => {
      const before = service.model.snapshot();
      const offset = service.model.clock.now() - Date.now();
      const res = await control("POST", path, body);
      expect([res.status, res.body.code]).toEqual([400, "validation_error"]);
      expect(res.body.details?.field).toBe(field);
      expect(res.body.message).toMatch(new RegExp(`^${field.replace(/[[\]]/g, "\\$&")}: `));
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(service.model.snapshot()).toEqual(before);
      expect(service.model.clock.now() - Date.now()).toBeCloseTo(offset, -2);
      // The service still answers, faults included.
      expect((await service.call("GET", "/v1/policies")).status).toBe(200);
    },
  );

  it("a malformed JSON body is 400 naming the body", async () => {
    const res = await service.call("POST", "/__emulator/faults", { key: null, raw: "{kind:" });
    expect([res.status, res.body.details?.field]).toEqual([400, "body"]);
  });

  it("the clock stops at a valid date: far moves are refused, and every later request still answers", async () => {
    const res = await control("POST", "/clock/advance", { ms: 1e300 });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("9999-01-01T00:00:00.000Z");
    expect((await control("GET", "/state")).status).toBe(200);
    // As far as the clock may go: everything open expires, and ISO dates stay valid.
    const until = Date.parse("9999-01-01T00:00:00.000Z") - service.model.clock.now() - 60_000;
    const moved = await control("POST", "/clock/advance", { ms: until });
    expect(moved.status).toBe(200);
    expect((await service.call("GET", "/v1/verifications")).body.data).toEqual([
      expect.objectContaining({ status: "expired" }),
    ]);
    const v = await service.call("POST", "/v1/verifications", {
      body: { policy_id: "preset_age_over_18" },
    });
    expect(v.status).toBe(201);
    expect(v.body.expires_at).toMatch(/^9999-01-01T00:14/);
    expect((await control("POST", "/reset")).status).toBe(200);
    service.project = service.model.createProject();
  });
});

describe("model inputs behind the control plane", () => {
  it("faults.inject refuses a malformed rule with a validation_error naming the field", () => {
    const model = createModel();
    expect(() =>
      model.faults.inject({ kind: "server_error", method: 5 } as unknown as never),
    ).toThrow(expect.objectContaining({ code: "validation_error", details: { field: "method" } }));
    expect(() =>
      model.faults.inject({
        kind: "rate_limited",
        retryAfterSeconds: CRLF_HEADER,
      } as unknown as never),
    ).toThrow(expect.objectContaining({ details: { field: "retryAfterSeconds" } }));
  });

  it("clock.advance refuses a move past 9999-01-01 and leaves the clock where it was", () => {
    const model = createModel();
    const before = model.clock.now();
    expect(() => model.clock.advance(1e300)).toThrow(
      expect.objectContaining({ code: "validation_error", details: { field: "ms" } }),
    );
    expect(model.clock.now() - before).toBeLessThan(1000);
    expect(() => model.clock.iso()).not.toThrow();
  });
});
