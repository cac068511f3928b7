import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeClaims, badgeDefinition, type Service, TRANSPORTS } from "./support/transports.js";

const OFFER = "/v1/openid4vc/issuance/offer";

describe.each(TRANSPORTS)("idempotency and faults ($name)", (transport) => {
  let service: Service;
  beforeAll(async () => {
    service = await transport.start();
    await service.call("POST", "/v1/issuer/credential-definitions", {
      body: { ...badgeDefinition(), lifecycleStatus: "published" },
    });
  });
  afterAll(() => service.close());

  const body = { credentialDefinitionId: "badge-v1", claims: badgeClaims };

  it("the same key and body replays the first answer with Idempotent-Replayed", async () => {
    const first = await service.call("POST", OFFER, {
      body,
      headers: { "idempotency-key": "k-1" },
    });
    const again = await service.call("POST", OFFER, {
      body,
      headers: { "idempotency-key": "k-1" },
    });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(service.model.issuance.records.filter((r) => r.id === first.body.id)).toHaveLength(1);
  });

  it("the same key with another body or route is 409 idempotency_key_reused", async () => {
    await service.call("POST", OFFER, { body, headers: { "idempotency-key": "k-2" } });
    const other = await service.call("POST", OFFER, {
      body: { ...body, metadata: { x: "y" } },
      headers: { "idempotency-key": "k-2" },
    });
    expect([other.status, other.body.code]).toEqual([409, "idempotency_key_reused"]);
  });

  it("simultaneous requests with one key take effect once: the others wait and replay the first answer", async () => {
    for (let round = 0; round < 20; round++) {
      const before = service.model.issuance.records.length;
      const headers = { "idempotency-key": `together-${round}` };
      const answers = await Promise.all(
        [0, 1, 2].map(() => service.call("POST", OFFER, { body, headers })),
      );
      expect(service.model.issuance.records.length).toBe(before + 1);
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(answers.filter((a) => a.headers.get("idempotent-replayed") === "true")).toHaveLength(
        2,
      );
    }
  });

  it("a simultaneous request with the same key and another body is 409 at once, and changes nothing", async () => {
    const before = service.model.issuance.records.length;
    const headers = { "idempotency-key": "together-other-body" };
    const [first, other] = await Promise.all([
      service.call("POST", OFFER, { body, headers }),
      service.call("POST", OFFER, { body: { ...body, metadata: { n: "2" } }, headers }),
    ]);
    expect(first.status).toBe(201);
    expect([other.status, other.body.code]).toEqual([409, "idempotency_key_reused"]);
    expect(service.model.issuance.records.length).toBe(before + 1);
  });

  it("a refused request stores nothing: the key works for the corrected request", async () => {
    const headers = { "idempotency-key": "fix-and-retry" };
    const before = service.model.snapshot();
    const refused = await service.call("POST", OFFER, {
      body: { credentialDefinitionId: "badge-v1" },
      headers,
    });
    expect(refused.status).toBe(400);
    expect(service.model.snapshot()).toEqual(before);
    const fixed = await service.call("POST", OFFER, { body, headers });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
  });

  it("a publish key reused for a different definition is 409 idempotency_key_reused", async () => {
    for (const id of ["p-1", "p-2"]) {
      await service.call("POST", "/v1/issuer/credential-definitions", {
        body: { ...badgeDefinition(id) },
      });
    }
    const headers = { "idempotency-key": "publish-key" };
    expect(
      (await service.call("POST", "/v1/issuer/credential-definitions/p-1/publish", { headers }))
        .status,
    ).toBe(200);
    const reused = await service.call("POST", "/v1/issuer/credential-definitions/p-2/publish", {
      headers,
    });
    expect([reused.status, reused.body.code]).toEqual([409, "idempotency_key_reused"]);
    expect(
      (await service.call("GET", "/v1/issuer/credential-definitions/p-2")).body.lifecycleStatus,
    ).toBe("draft");
  });

  it.each([
    ["server_error", 500, "internal_error"],
    ["service_unavailable", 503, "service_unavailable"],
  ] as const)("%s answers %i before the write", async (kind, status, code) => {
    const before = service.model.issuance.records.length;
    service.model.faults.inject({ kind, count: 1 });
    const res = await service.call("POST", OFFER, { body });
    expect([res.status, res.body.code]).toEqual([status, code]);
    expect(service.model.issuance.records.length).toBe(before);
    expect((await service.call("POST", OFFER, { body })).status).toBe(201);
  });

  it("rate_limited answers 429 with Retry-After", async () => {
    service.model.faults.inject({
      kind: "rate_limited",
      retryAfterSeconds: 7,
      path: "/v1/policies",
    });
    expect((await service.call("POST", OFFER, { body })).status).toBe(201);
    const res = await service.call("GET", "/v1/policies");
    expect([res.status, res.body.code, res.headers.get("retry-after")]).toEqual([
      429,
      "rate_limited",
      "7",
    ]);
  });

  it("drop_after_write applies the write, then drops the connection; a retry with the key replays it", async () => {
    const before = service.model.issuance.records.length;
    service.model.faults.inject({ kind: "drop_after_write", method: "POST" });
    const headers = { "idempotency-key": "k-drop" };
    await expect(service.call("POST", OFFER, { body, headers })).rejects.toThrow();
    expect(service.model.issuance.records.length).toBe(before + 1);
    const retry = await service.call("POST", OFFER, { body, headers });
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(service.model.issuance.records.length).toBe(before + 1);
  });

  it("rate-based faults hit about that share of requests, repeatably", async () => {
    service.model.faults.inject({
      kind: "server_error",
      rate: 0.3,
      count: 1000,
      path: "/v1/policies",
    });
    let failed = 0;
    for (let i = 0; i < 100; i++)
      if ((await service.call("GET", "/v1/policies")).status === 500) failed++;
    service.model.faults.clear();
    expect(failed).toBeGreaterThan(15);
    expect(failed).toBeLessThan(45);
  });
  it("the first verification on a fresh model is created once under simultaneous retries", async () => {
    for (let round = 0; round < 10; round++) {
      service.model.reset(); // a fresh model: the verifier key is made by the first verification
      const { secretKey } = service.model.createProject();
      const headers = { "idempotency-key": `first-verification-${round}` };
      const answers = await Promise.all(
        [0, 1, 2, 3, 4].map(() =>
          service.call("POST", "/v1/verifications", {
            key: secretKey,
            body: { policy_id: "preset_age_over_18" },
            headers,
          }),
        ),
      );
      expect(service.model.verifications.records).toHaveLength(1);
      expect(new Set(answers.map((a) => a.body.id))).toEqual(
        new Set([service.model.verifications.records[0]!.id]),
      );
    }
  });
});
