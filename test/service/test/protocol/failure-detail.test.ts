import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { FAILURE_CHECKS, TIMELINE_STEPS } from "@credport/core/contract";
import { createTestWallet, type Tamper, type TestWallet } from "@credport/mock/wallet";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishBadgePolicy, type Service, TRANSPORTS } from "../support/transports.js";

/** Claim values no one would write by chance, to look for in every detail and timeline. */
const CLAIMS = {
  given_name: "Zebediah-7f3a",
  family_name: "Quillfeather-91c2",
  address: { locality: "Port-Vantablack-55d1" },
};
const CLAIM_VALUES = ["Zebediah-7f3a", "Quillfeather-91c2", "Port-Vantablack-55d1"];

/** The steps of a verification up to its checks, over the redirect flow. */
const ANSWERED = ["created", "request_fetched", "answer_received"];
/** The checks an SD-JWT VC presentation goes through, in the order the timeline shows them. */
const SD_JWT_CHECKS = [
  "format",
  "issuer_signature",
  "issuer_not_trusted",
  "credential_type",
  "credential_not_yet_valid",
  "digest",
  "key_binding",
  "audience",
  "nonce",
  "freshness",
  "sd_hash",
  "credential_expired",
  "status_unknown",
  "status_revoked",
  "claim_missing",
  "claim_value",
];

type Entry = { at: string; step: string; detail?: Record<string, unknown> };

/**
 * "Why did it fail?" (issue 43): a failed verification's `failure_detail` on the server's reads
 * only, and the timelines of verifications and issuance sessions, over msw and the emulator.
 */
describe.each(TRANSPORTS)("failure details and timelines ($name)", (transport) => {
  let service: Service;
  let policyId: string;
  let receiver: Server;
  const received: string[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      received.push(req.url ?? "");
      // The first delivery of each event is refused once, so that a retry shows on the timeline.
      res.writeHead(received.length === 1 ? 503 : 200).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    service = await transport.start();
    policyId = await publishBadgePolicy(service);
  });
  afterAll(async () => {
    await service.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const holding = async (): Promise<TestWallet> => {
    const wallet = await createTestWallet();
    const offer = await service.call("POST", "/v1/openid4vc/issuance/offer", {
      body: { credentialDefinitionId: "badge-v1", claims: CLAIMS },
    });
    await wallet.acceptOffer(offer.body.offerUri as string);
    return wallet;
  };
  const create = async () =>
    (await service.call("POST", "/v1/verifications", { body: { policy_id: policyId } })).body as {
      id: string;
      client_token: string;
      authorization_request_uri: string;
    };
  const timeline = async (path: string) => {
    const answer = await service.call("GET", `${path}/timeline`);
    expect(answer.status).toBe(200);
    expect(answer.body.object).toBe("list");
    return answer.body.data as Entry[];
  };
  const steps = (entries: Entry[]) =>
    entries.map((e) =>
      e.step === "check"
        ? `check ${e.detail!.check} ${e.detail!.outcome}`
        : e.step === "webhook_delivery"
          ? `webhook ${e.detail!.event} #${e.detail!.attempt} ${e.detail!.status}`
          : e.step,
    );

  it("a verified presentation's timeline: created, request fetched, answer, each check passed, verified, each webhook attempt with its HTTP status", async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const endpoint = service.model.webhooks.register(
      { projectId: service.project.projectId, environment: "test" },
      url,
    );
    try {
      const wallet = await holding();
      await service.model.webhooks.flush();
      received.length = 0;
      const v = await create();
      await wallet.present(v.authorization_request_uri);
      await service.model.webhooks.flush();
      const entries = await timeline(`/v1/verifications/${v.id}`);
      const lines = steps(entries);
      expect(lines.filter((line) => !line.startsWith("webhook"))).toEqual([
        ...ANSWERED,
        ...SD_JWT_CHECKS.map((check) => `check ${check} passed`),
        "verified",
      ]);
      // The receiver refused the first delivery (503); it was tried again and taken (200).
      expect(lines.filter((line) => line.startsWith("webhook")).sort()).toEqual([
        "webhook verification.in_progress #1 503",
        "webhook verification.in_progress #2 200",
        "webhook verification.verified #1 200",
      ]);
      // In order, each with its time.
      const times = entries.map((e) => Date.parse(e.at));
      expect(times.every((t, i) => Number.isFinite(t) && (i === 0 || t >= times[i - 1]!))).toBe(
        true,
      );
      expect(entries.find((e) => e.step === "answer_received")!.detail).toEqual({
        channel: "redirect",
      });
      for (const entry of entries) expect(TIMELINE_STEPS).toContain(entry.step);
      // A verified verification has no failure_detail anywhere.
      expect((await service.call("GET", `/v1/verifications/${v.id}`)).body).not.toHaveProperty(
        "failure_detail",
      );
    } finally {
      service.model.webhooks.unregister(endpoint.id);
    }
  });

  it("a failed presentation's timeline stops at the check that failed, then failed with its code and check", async () => {
    const wallet = await holding();
    const v = await create();
    await wallet.present(v.authorization_request_uri, { tamper: "nonce" });
    expect(steps(await timeline(`/v1/verifications/${v.id}`))).toEqual([
      ...ANSWERED,
      ...SD_JWT_CHECKS.slice(0, SD_JWT_CHECKS.indexOf("nonce")).map((c) => `check ${c} passed`),
      "check nonce failed",
      "failed",
    ]);
    const failed = (await timeline(`/v1/verifications/${v.id}`)).at(-1)!;
    expect(failed.detail).toEqual({ failure_code: "presentation_invalid", check: "nonce" });
  });

  it("a canceled verification: created, canceled; a DC API one says so at creation", async () => {
    const v = await create();
    await service.call("POST", `/v1/verifications/${v.id}/cancel`);
    expect(steps(await timeline(`/v1/verifications/${v.id}`))).toEqual(["created", "canceled"]);
    const dc = await service.call("POST", "/v1/verifications", {
      body: { policy_id: policyId, expected_origins: ["https://shop.example"] },
    });
    expect((await timeline(`/v1/verifications/${dc.body.id}`))[0]).toMatchObject({
      step: "created",
      detail: { channel: "dc-api" },
    });
  });

  it("the timeline needs the secret key of the verification's project", async () => {
    const v = await create();
    const browser = await service.call("GET", `/v1/verifications/${v.id}/timeline`, {
      key: null,
      headers: {
        authorization: `Bearer ${v.client_token}`,
        "x-publishable-key": service.project.publishableKey,
      },
    });
    expect(browser.status).toBe(401);
    expect(browser.body.code).toBe("missing_api_key");
    const other = service.model.createProject();
    const foreign = await service.call("GET", `/v1/verifications/${v.id}/timeline`, {
      key: other.secretKey,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("not_found");
  });

  it("the browser's status read and its realtime events never carry failure_detail", async () => {
    const wallet = await holding();
    const v = await create();
    const headers = {
      authorization: `Bearer ${v.client_token}`,
      "x-publishable-key": service.project.publishableKey,
    };
    const stream = await fetch(`${service.baseUrl}/v1/verifications/${v.id}/events`, { headers });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let events = "";
    const readUntil = async (needle: string) => {
      while (!events.includes(needle)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        events += decoder.decode(chunk.value);
      }
    };
    await readUntil('"status":"pending"');
    await wallet.present(v.authorization_request_uri, { tamper: "signature" });
    await readUntil('"status":"failed"');
    await reader.cancel();
    expect(events).toMatch(/"failure_code":"presentation_invalid"/);
    expect(events).not.toMatch(/failure_detail|issuer_signature/);

    const browser = await service.call("GET", `/v1/verifications/${v.id}/status`, {
      key: null,
      headers,
    });
    expect(browser.body).toMatchObject({ status: "failed", failure_code: "presentation_invalid" });
    expect(browser.body).not.toHaveProperty("failure_detail");
    // The server's own reads have it, and so does the signed webhook to the server.
    const detail = { check: "issuer_signature", message: expect.any(String) };
    expect((await service.call("GET", `/v1/verifications/${v.id}`)).body.failure_detail).toEqual(
      detail,
    );
    const failedEvent = service.model.webhooks.events.find(
      (e) =>
        e.event.type === "verification.failed" &&
        (e.event.data.object as { id: string }).id === v.id,
    );
    expect((failedEvent!.event.data.object as { failure_detail?: unknown }).failure_detail).toEqual(
      detail,
    );
  });

  it("no failure_detail message, path or timeline names a presented claim value; every check is a documented word", async () => {
    const wallet = await holding();
    const seen: unknown[] = [];
    const options = [
      ...(["disclosure", "signature", "nonce", "audience", "sd_hash", "stale"] as Tamper[]).map(
        (tamper) => ({ tamper }),
      ),
      { omit: ["address.locality"] },
      { refuse: true },
    ];
    for (const option of options) {
      const v = await create();
      await wallet.present(v.authorization_request_uri, option);
      const record = (await service.call("GET", `/v1/verifications/${v.id}`)).body;
      const result = (await service.call("GET", `/v1/verifications/${v.id}/result`)).body;
      expect(record.status).toBe("failed");
      expect(FAILURE_CHECKS).toContain((record.failure_detail as { check: string }).check);
      seen.push(
        record.failure_detail,
        decodeJwt(result.result_token as string).failure_detail,
        await timeline(`/v1/verifications/${v.id}`),
      );
    }
    // A policy asking for a value the holder does not have: the detail names the claim only.
    const valued = await service.call("POST", "/v1/policies", {
      body: {
        name: "Somewhere else",
        credential_definition_id: "badge-v1",
        fields: [{ path: ["address", "locality"], values: ["Elsewhere"] }],
      },
    });
    const v = (
      await service.call("POST", "/v1/verifications", {
        body: { policy_id: valued.body.policy_id },
      })
    ).body as { id: string; authorization_request_uri: string };
    await wallet.present(v.authorization_request_uri);
    const record = (await service.call("GET", `/v1/verifications/${v.id}`)).body;
    expect(record.failure_detail).toMatchObject({
      check: "claim_value",
      path: ["address", "locality"],
    });
    seen.push(record.failure_detail);
    const text = JSON.stringify(seen);
    for (const value of CLAIM_VALUES) expect(text).not.toContain(value);
    // Nor a token or key of the exchange.
    expect(text).not.toMatch(/eyJ|"kty"|ct_[A-Za-z0-9]/);
  });

  it("an issuance's timeline: created, offer fetched, token issued, credential issued; a third wrong tx_code fails it with failureDetail tx_code", async () => {
    const wallet = await createTestWallet();
    const offer = await service.call("POST", "/v1/openid4vc/issuance/offer", {
      body: { credentialDefinitionId: "badge-v1", claims: CLAIMS },
    });
    await wallet.acceptOffer(offer.body.offerUri as string);
    expect((await timeline(`/v1/openid4vc/issuance/${offer.body.id}`)).map((e) => e.step)).toEqual([
      "created",
      "offer_fetched",
      "token_issued",
      "credential_issued",
    ]);
    expect(
      (await service.call("GET", `/v1/openid4vc/issuance/${offer.body.id}`)).body,
    ).not.toHaveProperty("failureDetail");

    const guarded = await service.call("POST", "/v1/openid4vc/issuance/offer", {
      body: { credentialDefinitionId: "badge-v1", claims: CLAIMS, txCode: { length: 6 } },
    });
    const wrong = guarded.body.txCode === "000000" ? "111111" : "000000";
    for (let i = 0; i < 3; i++)
      await expect(
        wallet.acceptOffer(guarded.body.offerUri as string, {
          txCode: wrong,
          flow: "pre-authorized_code",
        }),
      ).rejects.toThrow();
    const failed = (await service.call("GET", `/v1/openid4vc/issuance/${guarded.body.id}`)).body;
    expect(failed).toMatchObject({
      status: "failed",
      failureDetail: { check: "tx_code", message: expect.any(String) },
    });
    expect(JSON.stringify(failed.failureDetail)).not.toContain(guarded.body.txCode as string);
    expect(
      (await timeline(`/v1/openid4vc/issuance/${guarded.body.id}`)).map((e) =>
        e.step === "tx_code_refused" ? `${e.step} ${e.detail!.attempt}` : e.step,
      ),
    ).toEqual([
      "created",
      "offer_fetched",
      // The wallet fetched the offer again each time: only the first fetch moves the session.
      "tx_code_refused 1",
      "tx_code_refused 2",
      "tx_code_refused 3",
      "failed",
    ]);
  });
});
