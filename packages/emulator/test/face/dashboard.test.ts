import { createServer, type Server } from "node:http";
import { type Emulator, startEmulator } from "@credport/emulator";
import { createTestWallet } from "@credport/mock/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JsonAnswer, pageClient, visibleText } from "../support/page-client.js";

/** The dashboard at the emulator's root: what the service holds and did, live, with its controls. */
describe("the emulator's dashboard", () => {
  let emulator: Emulator;
  const service = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: {
        "x-service-key": emulator.keys.secretKey,
        "content-type": "application/json",
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as JsonAnswer };
  };
  const offer = () =>
    service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "credport.email.v1",
      claims: { email: "ada@example.test" },
    });

  beforeAll(async () => {
    emulator = await startEmulator();
  });
  afterAll(() => emulator.close());

  it("shows the printed project's test keys with copy buttons at the root", async () => {
    const page = await pageClient(emulator.url).get("/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const text = visibleText(page.text);
    expect(text).toContain(emulator.projectId);
    expect(text).toContain("The project the emulator printed at start.");
    for (const key of Object.values(emulator.keys)) {
      expect(text).toContain(key);
      expect(page.text).toContain(`data-copy="${key}"`);
    }
  });

  it("shows the test CA root with a download link and a copy button", async () => {
    const page = await pageClient(emulator.url).get("/");
    const text = visibleText(page.text);
    expect(text).toContain("Test CA root");
    expect(text).toContain("x509_hash");
    expect(page.text).toContain('href="/__emulator/ca.pem"');
    expect(page.text).toContain(`data-copy="${emulator.caCertificatePem}`);
  });

  it("masks the secrets of a live environment", async () => {
    const live = emulator.model.createProject({ environment: "live" });
    const page = (await pageClient(emulator.url).get("/")).text;
    expect(page).toContain(live.publishableKey);
    expect(page).not.toContain(live.secretKey);
    expect(page).not.toContain(live.webhookSecret);
    expect(visibleText(page)).toContain(
      `${live.secretKey.slice(0, 8)}…${live.secretKey.slice(-4)}`,
    );
  });

  it("lists issuance sessions and verifications with their status history", async () => {
    const wallet = await createTestWallet();
    const created = (await offer()).body;
    await wallet.acceptOffer(created.offerUri);
    const verification = (
      await service("POST", "/v1/verifications", { policy_id: "preset_age_over_18" })
    ).body;
    await wallet.present(verification.authorization_request_uri);
    const browser = pageClient(emulator.url);
    const issuance = visibleText((await browser.get("/issuance")).text);
    expect(issuance).toMatch(
      new RegExp(`${created.id} Verified email credport.email.v1 credential issued`),
    );
    // History, in order, from the transitions' webhooks.
    expect(issuance).toMatch(/offer created .*ready to issue .*token issued .*credential issued/);
    const verifications = visibleText((await browser.get("/verifications")).text);
    expect(verifications).toMatch(new RegExp(`${verification.id} preset_age_over_18 verified`));
    expect(verifications).toMatch(/pending .*in progress .*verified/);
  });

  it("shows a DC API answer: the post in the request log, its outcome in the status history, and its transcript", async () => {
    const origin = "http://localhost:3000";
    const wallet = await createTestWallet();
    const create = async () =>
      (
        await service("POST", "/v1/verifications", {
          policy_id: "preset_age_over_18",
          expected_origins: [origin],
        })
      ).body;
    const post = (v: JsonAnswer, answer: unknown) =>
      service("POST", `/v1/verifications/${v.id}/dc-api-response`, answer);
    const good = await create();
    await post(
      good,
      await wallet.answerDcApiRequest(good.dc_api_requests, {
        origin,
        identityFrom: good.authorization_request_uri,
      }),
    );
    const bad = await create();
    await post(
      bad,
      await wallet.answerDcApiRequest(bad.dc_api_requests, { origin, tamper: "nonce" }),
    );
    const browser = pageClient(emulator.url);
    const requests = visibleText((await browser.get("/requests")).text);
    expect(requests).toContain(`POST /v1/verifications/${good.id}/dc-api-response 200`);
    const page = visibleText((await browser.get("/verifications")).text);
    expect(page).toMatch(new RegExp(`${good.id} preset_age_over_18 verified`));
    expect(page).toMatch(
      /pending .*verified Digital Credentials API answer Received .* Protocol openid4vp-v1-signed Form an encrypted answer \(data\.response\) Bound to origin:http:\/\/localhost:3000/,
    );
    expect(page).toContain(`DC API origins ${origin}`);
    expect(page).toMatch(
      /pending .*failed Digital Credentials API answer .* Why it failed the key binding carries another nonce/,
    );
  });

  it("shows why a verification failed (the check, the claim, what was expected) and its timeline, never a claim value", async () => {
    const wallet = await createTestWallet({ identity: { given_name: "Philippa-4e1b" } });
    const create = async (policy = "preset_identity_basic") =>
      (await service("POST", "/v1/verifications", { policy_id: policy })).body;
    const bound = await create();
    await wallet.present(bound.authorization_request_uri, { tamper: "audience" });
    const omitted = await create();
    await wallet.present(omitted.authorization_request_uri, { omit: ["given_name"] });
    const html = (await pageClient(emulator.url).get("/verifications")).text;
    const page = visibleText(html);
    expect(page).toMatch(
      /Why it failed Check audience Expected a key-binding JWT whose aud is this verifier's client_id was expected Timeline .*created .*request fetched .*answer received channel redirect .*check format passed .*check audience failed .*failed failure_code presentation_invalid, check audience/,
    );
    expect(page).toMatch(
      /Why it failed Check claim_missing Claim given_name Expected the policy's field given_name was expected to be disclosed/,
    );
    expect(html).not.toContain("Philippa-4e1b");
  });

  it("offers an open session to the test wallet, with a QR code", async () => {
    const created = (await offer()).body;
    const page = (await pageClient(emulator.url).get("/issuance")).text;
    const href = `/wallet?uri=${encodeURIComponent(created.offerUri)}`.replaceAll("&", "&amp;");
    expect(page).toContain(`href="${href}"`);
    expect(page).toMatch(/role="img" aria-label="QR code of the offer"><svg/);
  });

  describe("webhooks", () => {
    let receiver: Server;
    const answers: number[] = [];
    const received: { signature: string; body: string }[] = [];
    beforeAll(async () => {
      receiver = createServer((req, res) => {
        let body = "";
        req
          .on("data", (c) => (body += c))
          .on("end", () => {
            received.push({ signature: String(req.headers["webhook-signature"]), body });
            res.writeHead(answers.shift() ?? 200).end();
          });
      });
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    });
    afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

    it("shows each event's body, signature and every delivery attempt with the receiver's status; resends", async () => {
      const browser = pageClient(emulator.url);
      const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
      const added = await browser.post("/__dashboard/actions/webhook-endpoint", {
        projectId: emulator.projectId,
        environment: "test",
        url,
        back: "/",
      });
      expect(added.location).toBe("/");
      expect(visibleText(added.text)).toContain(url);

      answers.push(500); // the first attempt fails, the retry succeeds
      const created = (await offer()).body;
      await service("POST", `/v1/openid4vc/issuance/${created.id}/cancel`);
      await emulator.model.webhooks.flush();
      const record = emulator.model.webhooks.events.find(
        (r) =>
          r.event.type === "issuance.canceled" &&
          (r.event.data.object as { id: string }).id === created.id,
      )!;
      const page = await browser.get("/webhooks");
      const text = visibleText(page.text);
      expect(text).toContain(record.event.id);
      expect(text).toContain("issuance.canceled");
      expect(text).toContain(record.signature);
      expect(page.text).toContain("&quot;type&quot;: &quot;issuance.canceled&quot;");
      expect(text).toMatch(/delivered 2 attempts, last 200/);
      expect(text).toMatch(/HTTP 500 .*HTTP 200/);

      const before = received.length;
      const resent = await browser.post(
        "/__dashboard/actions/resend",
        { eventId: record.event.id },
        { headers: { "x-credport-fetch": "1" } },
      );
      expect(JSON.parse(resent.text)).toEqual({ notice: "Sending issuance.canceled again" });
      await emulator.model.webhooks.flush();
      expect(received.length).toBe(before + 1);
      expect(received.at(-1)!.body).toBe(record.payload);
      expect(visibleText((await browser.get("/webhooks")).text)).toMatch(/2 deliveries/);
    });
  });

  it("logs requests with status, idempotency key and replays", async () => {
    const body = { credentialDefinitionId: "credport.email.v1", claims: { email: "a@b.c" } };
    const first = await service("POST", "/v1/openid4vc/issuance/offer", body, {
      "idempotency-key": "order-4711",
    });
    const replay = await service("POST", "/v1/openid4vc/issuance/offer", body, {
      "idempotency-key": "order-4711",
    });
    expect(replay.body.id).toBe(first.body.id);
    await service("GET", "/v1/openid4vc/issuance/iss_nope");
    const text = visibleText((await pageClient(emulator.url).get("/requests")).text);
    expect(text).toMatch(/GET \/v1\/openid4vc\/issuance\/iss_nope 404/);
    expect(text).toMatch(/POST \/v1\/openid4vc\/issuance\/offer 201 order-4711 replayed/);
    expect(text).toMatch(/POST \/v1\/openid4vc\/issuance\/offer 201 order-4711 (?!replayed)/);
  });

  it("keeps the newest 500 requests, newest first", async () => {
    const path = (i: number) => `/v1/policies/pol_kept${String(i).padStart(3, "0")}`;
    for (let i = 0; i < 510; i++) await service("GET", path(i));
    const text = visibleText((await pageClient(emulator.url).get("/requests")).text);
    expect(text).toContain(`GET ${path(509)} 404`);
    expect(text).toContain(`GET ${path(10)} 404`);
    expect(text).not.toContain(path(9));
    expect(text.indexOf(path(509))).toBeLessThan(text.indexOf(path(10)));
  });

  it("switches realtime off and on", async () => {
    const browser = pageClient(emulator.url);
    const verification = (
      await service("POST", "/v1/verifications", { policy_id: "preset_age_over_18" })
    ).body;
    const events = () =>
      fetch(`${emulator.url}/v1/verifications/${verification.id}/events`, {
        headers: { "x-service-key": emulator.keys.secretKey },
      }).then(async (r) => {
        await r.body?.cancel();
        return r.status;
      });
    await browser.post("/__dashboard/actions/realtime", { available: "off" });
    expect(await events()).toBe(503);
    expect(visibleText((await browser.get("/")).text)).toContain(
      "Realtime channel Off: /events answers 503 and clients fall back to polling. off Switch on",
    );
    await browser.post("/__dashboard/actions/realtime", { available: "on" });
    expect(await events()).toBe(200);
  });

  it("injects a fault into the next request", async () => {
    await pageClient(emulator.url).post("/__dashboard/actions/fault", {
      kind: "service_unavailable",
      count: "1",
    });
    expect((await service("GET", "/v1/policies")).status).toBe(503);
    expect((await service("GET", "/v1/policies")).status).toBe(200);
  });

  it("moves the clock: open sessions expire, with their webhooks", async () => {
    const created = (await offer()).body;
    await pageClient(emulator.url).post("/__dashboard/actions/clock", {
      ms: String(15 * 60 * 1000),
    });
    expect((await service("GET", `/v1/openid4vc/issuance/${created.id}`)).body.status).toBe(
      "expired",
    );
  });

  it("refuses actions posted from another site, and unknown ones", async () => {
    const browser = pageClient(emulator.url);
    const attack = await browser.post("/__dashboard/actions/reset", {}, { site: "cross-site" });
    expect(attack.status).toBe(403);
    expect(emulator.model.keys.projects.has(emulator.projectId)).toBe(true);
    const unknown = await browser.post("/__dashboard/actions/nope", {});
    expect(unknown.status).toBe(404);
    const bad = await browser.post(
      "/__dashboard/actions/clock",
      { ms: "-1" },
      { headers: { "x-credport-fetch": "1" } },
    );
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error).toMatch(/^ms: /);
  });

  it("tells its page when something changed, over Server-Sent Events", async () => {
    const abort = new AbortController();
    const response = await fetch(`${emulator.url}/__dashboard/live`, { signal: abort.signal });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    const next = async () => {
      while (!seen.includes("event: change")) seen += decoder.decode((await reader.read()).value);
    };
    await offer();
    await next();
    expect(seen).toContain("event: change");
    abort.abort();
    // The live region alone, for the page's script.
    const partial = await fetch(`${emulator.url}/issuance`, {
      headers: { "x-credport-partial": "1" },
    });
    const html = await partial.text();
    expect(html).not.toContain("<html");
    expect(html).toContain("Issuance sessions");
  });
});
