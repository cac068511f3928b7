import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeClaims, badgeDefinition, type Service, TRANSPORTS } from "./support/transports.js";

describe.each(TRANSPORTS)("emulator control plane ($name)", (transport) => {
  let service: Service;
  beforeAll(async () => {
    service = await transport.start();
  });
  afterAll(() => service.close());

  const control = (method: string, path: string, body?: unknown) =>
    service.call(method, `/__emulator${path}`, { key: null, body });

  it("creates projects with keys of the documented shapes", async () => {
    const res = await control("POST", "/projects", {
      environment: "live",
      scopes: ["issuance:read"],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      environment: "live",
      secretKey: expect.stringMatching(/^sk_live_[A-Za-z0-9]{24,}$/),
      publishableKey: expect.stringMatching(/^pk_live_[A-Za-z0-9]{24,}$/),
      webhookSecret: expect.stringMatching(/^whsec_[A-Za-z0-9]{24,}$/),
    });
    const key = await control("POST", "/keys", {
      projectId: res.body.projectId,
      environment: "live",
      type: "secret",
    });
    expect(key.body.key).toMatch(/^sk_live_/);
  });

  it("revokes keys, advances the clock, switches realtime and injects faults", async () => {
    const project = (await control("POST", "/projects", {})).body as Record<"secretKey", string>;
    await control("POST", "/keys/revoke", { key: project.secretKey });
    expect((await service.call("GET", "/v1/policies", { key: project.secretKey })).body.code).toBe(
      "api_key_revoked",
    );
    const before = service.model.clock.now();
    const advanced = await control("POST", "/clock/advance", { ms: 60_000 });
    expect(Date.parse(advanced.body.now as string)).toBeGreaterThanOrEqual(before + 60_000);
    await control("POST", "/realtime", { available: false });
    expect(service.model.realtime.available).toBe(false);
    await control("POST", "/realtime", { available: true });
    await control("POST", "/faults", { kind: "service_unavailable", count: 1 });
    expect((await service.call("GET", "/v1/policies")).status).toBe(503);
    await control("POST", "/faults", { kind: "service_unavailable", count: 5 });
    await control("DELETE", "/faults");
    expect((await service.call("GET", "/v1/policies")).status).toBe(200);
    expect((await control("POST", "/faults", { kind: "explode" })).status).toBe(400);
  });

  it("records every webhook with its raw payload and a valid signature", async () => {
    const { createHmac } = await import("node:crypto");
    await service.call("POST", "/v1/issuer/credential-definitions", {
      body: { ...badgeDefinition(), lifecycleStatus: "published" },
    });
    const offer = await service.call("POST", "/v1/openid4vc/issuance/offer", {
      body: { credentialDefinitionId: "badge-v1", claims: badgeClaims },
    });
    await service.call("POST", `/v1/openid4vc/issuance/${offer.body.id}/cancel`);
    const events = await control("GET", `/events?projectId=${service.project.projectId}`);
    const record = (
      events.body.data as {
        event: { type: string; data: { object: { id: string } } };
        payload: string;
        signature: string;
      }[]
    ).at(-1)!;
    expect(record.event).toMatchObject({
      type: "issuance.canceled",
      data: { object: { id: offer.body.id } },
    });
    const [t, v1] = record.signature.split(",").map((p) => p.split("=")[1]);
    expect(v1).toBe(
      createHmac("sha256", service.project.webhookSecret)
        .update(`${t}.${record.payload}`)
        .digest("hex"),
    );
  });

  it("delivers webhooks to registered endpoints", async () => {
    const received: string[] = [];
    const { createServer } = await import("node:http");
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        received.push(
          `${req.headers["webhook-signature"] ? "signed" : "unsigned"} ${JSON.parse(body).type}`,
        );
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await control("POST", "/webhooks", {
      projectId: service.project.projectId,
      url: `http://127.0.0.1:${port}/hook`,
    });
    const v = await service.call("POST", "/v1/verifications", {
      body: { policy_id: "preset_age_over_18" },
    });
    await service.call("POST", `/v1/verifications/${v.body.id}/cancel`);
    await service.model.webhooks.flush();
    server.close();
    expect(received).toEqual(["signed verification.canceled"]);
  });

  it("retries a webhook delivery that failed", async () => {
    const { createServer } = await import("node:http");
    const answers = [500, 503, 204];
    const received: number[] = [];
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const status = answers.shift() ?? 204;
        received.push(status);
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const project = service.model.createProject();
    const { port } = server.address() as { port: number };
    await control("POST", "/webhooks", {
      projectId: project.projectId,
      url: `http://127.0.0.1:${port}/hook`,
    });
    const v = await service.call("POST", "/v1/verifications", {
      key: project.secretKey,
      body: { policy_id: "preset_age_over_18" },
    });
    await service.call("POST", `/v1/verifications/${v.body.id}/cancel`, { key: project.secretKey });
    await service.model.webhooks.flush();
    server.close();
    expect(received).toEqual([500, 503, 204]);
  });

  it("reset forgets everything", async () => {
    await control("POST", "/reset");
    const state = await control("GET", "/state");
    expect(state.body).toMatchObject({ projects: [], issuance: [], verifications: [] });
    service.project = service.model.createProject();
  });
});
