// The finalize attacks of @credport/next's suite (finalize-replay, status-proxy, cross-user,
// forged-result-token, claim-values, unsigned-claims), over real HTTP against every framework:
// one presentation gives one session, to the browser and the user who started it, and only when
// the service's signed result says what the app requires.
import { createTestWallet, type TestWallet } from "@credport/mock/wallet";
import { Credport } from "@credport/server";
import {
  base64url,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  type JWTHeaderParameters,
  type JWTPayload,
  SignJWT,
} from "jose";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryStateStore } from "../../src/index.js";
import { as, setUpService, useApp } from "../support/apps.js";
import { frameworks, MEMBERS_MARKER } from "../support/frameworks.js";
import { HttpBrowser, pendingCookie } from "../support/http-client.js";

const env = setUpService();
let minor: TestWallet;
let adult: TestWallet;
beforeAll(async () => {
  [minor, adult] = await Promise.all([
    createTestWallet({ identity: { birthdate: "2011-06-01" } }),
    createTestWallet(),
  ]);
});

/** What the members page shows for this browser, as text ("" when it is not shown). */
async function membersSeenBy(browser: HttpBrowser, headers: Record<string, string> = {}) {
  const page = await browser.page("/members", headers);
  return page.status === 200 && page.text.includes(MEMBERS_MARKER) ? page.text : "";
}

describe.each(frameworks)("$name", (framework) => {
  const app = useApp(framework, env);

  describe("finalize replay", () => {
    /** A verified verification and the Cookie header its browser would replay. */
    async function verifiedPending() {
      const browser = app.browser();
      const id = await browser.start();
      env.service.verify(id);
      return { id, cookie: browser.cookieHeader() };
    }
    const finalizeWith = async (cookie: string, id: string) => {
      const replay = new HttpBrowser(app.url);
      const res = await replay.finalize(id, { cookie });
      return { status: res.status, code: res.json.code, session: replay.hasSession() };
    };

    it("12 finalizes with the same pending cookie, one after the other: one session, then 409 verification_already_finalized", async () => {
      const { id, cookie } = await verifiedPending();
      const results = [];
      for (let i = 0; i < 12; i++) results.push(await finalizeWith(cookie, id));
      expect(results[0]).toEqual({ status: 200, code: undefined, session: true });
      for (const r of results.slice(1))
        expect(r).toEqual({ status: 409, code: "verification_already_finalized", session: false });
    });

    it("12 finalizes with the same pending cookie at once: one session", async () => {
      const { id, cookie } = await verifiedPending();
      const results = await Promise.all(Array.from({ length: 12 }, () => finalizeWith(cookie, id)));
      expect(results.filter((r) => r.session)).toHaveLength(1);
      expect(results.filter((r) => r.code === "verification_already_finalized")).toHaveLength(11);
    });

    it("a finalize before the service said verified does not use the verification up", async () => {
      const browser = app.browser();
      const id = await browser.start();
      const early = await browser.finalize(id);
      expect(early.status).toBe(409);
      expect(early.json.code).not.toBe("verification_already_finalized");
      env.service.verify(id);
      expect((await browser.finalize(id)).status).toBe(200);
    });
  });

  describe("another browser's verification", () => {
    it("status and finalize answer only the browser holding the binding; the service is not asked", async () => {
      const victim = app.browser();
      const id = await victim.start();
      env.service.verify(id);
      const attacker = app.browser();
      const own = await attacker.start();
      env.service.forgetCalls();
      const status = await attacker.api("GET", `verifications/${id}/status`);
      expect([status.status, status.json.code]).toEqual([403, "VERIFICATION_BINDING_REQUIRED"]);
      const stolen = await attacker.finalize(id);
      expect([stolen.status, stolen.json.code]).toEqual([403, "VERIFICATION_BINDING_REQUIRED"]);
      // Its own binding cookie, renamed for the victim's verification, binds nothing either.
      attacker.jar.set(pendingCookie(id), attacker.jar.get(pendingCookie(own))!);
      expect((await attacker.api("GET", `verifications/${id}/status`)).status).toBe(403);
      expect((await attacker.finalize(id)).status).toBe(403);
      expect(attacker.hasSession()).toBe(false);
      expect(env.service.calls()).toBe(0);
      // The victim still finalizes: the attempts used nothing up.
      expect((await victim.api("GET", `verifications/${id}/status`)).status).toBe(200);
      expect((await victim.finalize(id)).status).toBe(200);
    });
  });

  describe("binding to the app's user (getUserRef)", () => {
    async function aliceVerifies() {
      const browser = app.browser();
      const id = await browser.start(as("alice"));
      env.service.verify(id);
      return { browser, id };
    }

    it("Bob cannot finalize Alice's verification, even with her pending cookie; nor can a signed-out visitor", async () => {
      const { browser, id } = await aliceVerifies();
      env.service.forgetCalls();
      const bob = await browser.finalize(id, as("bob"));
      expect([bob.status, bob.json.code]).toEqual([403, "VERIFICATION_BINDING_REQUIRED"]);
      expect((await browser.finalize(id)).status).toBe(403);
      expect(env.service.resultCalls()).toBe(0);
      expect(browser.hasSession()).toBe(false);
    });

    it("after Alice verifies and Bob signs in on the same browser, the members page refuses Bob and the signed-out visitor", async () => {
      const { browser, id } = await aliceVerifies();
      expect((await browser.finalize(id, as("alice"))).status).toBe(200);
      expect(await membersSeenBy(browser, as("alice"))).toContain("alice");
      expect(await membersSeenBy(browser, as("bob"))).toBe("");
      expect(await membersSeenBy(browser)).toBe("");
      expect((await browser.page("/members", as("bob"))).status).toBe(307);
    });
  });

  describe("forged and misdirected result tokens", () => {
    interface Scenario {
      id: string;
      genuine: string;
      payload: JWTPayload;
      header: JWTHeaderParameters;
    }
    const credport = () =>
      new Credport({ secretKey: env.service.project.secretKey, baseUrl: env.service.url });
    const signedByService = (
      content: Record<string, unknown>,
      options: { issuer?: string; audience?: string; now?: number } = {},
    ) =>
      env.service.model.signer.sign(content, {
        issuer: options.issuer ?? env.service.url,
        audience: options.audience ?? env.service.project.projectId,
        now: options.now ?? Date.now(),
      });
    const contentOf = (p: JWTPayload) => {
      const { iss: _i, aud: _a, iat: _t, exp: _e, ...content } = p;
      return content;
    };

    /** A finalize (as Alice) while the result endpoint answers `forge(scenario)` as its token. */
    async function finalizeWith(forge: (s: Scenario) => Promise<string> | string) {
      const browser = app.browser();
      const id = await browser.start(as("alice"));
      env.service.verify(id);
      const { resultToken } = await credport().verifications.getResult(id);
      const forged = await forge({
        id,
        genuine: resultToken,
        payload: decodeJwt(resultToken),
        header: decodeProtectedHeader(resultToken) as JWTHeaderParameters,
      });
      env.service.tamper((body) => ({ ...body, result_token: forged }));
      const res = await browser.finalize(id, as("alice"));
      env.service.tamper(undefined);
      return { status: res.status, code: res.json.code, session: browser.hasSession() };
    }
    const refused = { status: 409, code: "verification_not_verified", session: false };

    it("the genuine token passes (the harness works)", async () => {
      expect(await finalizeWith((s) => s.genuine)).toMatchObject({ status: 200, session: true });
    });

    it.each<[string, (s: Scenario) => Promise<string> | string]>([
      [
        "alg: none",
        (s) =>
          `${base64url.encode(JSON.stringify({ ...s.header, alg: "none" }))}.${s.genuine.split(".")[1]}.`,
      ],
      [
        "an attacker's ES256 key under the service's kid",
        async (s) => {
          const { privateKey } = await generateKeyPair("ES256");
          return new SignJWT(s.payload).setProtectedHeader(s.header).sign(privateKey);
        },
      ],
      ["a signature cut off", (s) => `${s.genuine.split(".").slice(0, 2).join(".")}.`],
      [
        "the payload swapped under a genuine signature",
        (s) => {
          const [h, , sig] = s.genuine.split(".");
          const payload = { ...s.payload, claims: { age_over_18: true, role: "admin" } };
          return `${h}.${base64url.encode(JSON.stringify(payload))}.${sig}`;
        },
      ],
      [
        "another verification's genuine token (cut and paste)",
        async (s) => {
          const otherId = await new HttpBrowser(app.url).start(as("alice"));
          env.service.verify(otherId);
          return signedByService({ ...contentOf(s.payload), verification_id: otherId });
        },
      ],
      [
        "a token for another user",
        (s) => signedByService({ ...contentOf(s.payload), customer_user_ref: "mallory" }),
      ],
      [
        "a token for another project (aud)",
        (s) => signedByService(contentOf(s.payload), { audience: "proj_someone_else" }),
      ],
      [
        "a token from another issuer (iss)",
        (s) => signedByService(contentOf(s.payload), { issuer: "https://evil.test" }),
      ],
      [
        "an expired token",
        (s) => signedByService(contentOf(s.payload), { now: Date.now() - 10 * 60_000 }),
      ],
      [
        "a token that says failed",
        (s) =>
          signedByService({
            ...contentOf(s.payload),
            status: "failed",
            failure_code: "claims_missing",
          }),
      ],
      ["not a JWS at all", () => "not-a-token"],
    ])("%s is refused", async (_, forge) => {
      expect(await finalizeWith(forge)).toEqual(refused);
    });
  });

  describe("claim values", () => {
    it("a 15-year-old's wallet gets no over-18 session (the service fails the presentation)", async () => {
      const browser = app.browser();
      const created = await browser.api("POST", "verifications", {});
      expect(created.status).toBe(201);
      const id = created.json.verificationId!;
      await minor.present(created.json.authorizationRequestUri as string);
      const done = await browser.finalize(id);
      expect([done.status, done.json.code]).toEqual([409, "verification_not_verified"]);
      expect(browser.hasSession()).toBe(false);
      expect(await membersSeenBy(browser)).toBe("");
    });

    it("an adult's wallet gets the session (the harness works)", async () => {
      const browser = app.browser();
      const created = await browser.api("POST", "verifications", {});
      await adult.present(created.json.authorizationRequestUri as string);
      expect((await browser.finalize(created.json.verificationId!)).status).toBe(200);
      expect(await membersSeenBy(browser)).toContain("age_over_18&#34;:true");
    });

    it("a signed age_over_18: false that the service let through is refused by the app's requireClaims: 409 claims_not_accepted", async () => {
      const browser = app.browser();
      const id = await browser.start();
      env.service.verify(id, { age_over_18: false });
      const done = await browser.finalize(id);
      expect([done.status, done.json.code]).toEqual([409, "claims_not_accepted"]);
      expect(done.json.message).toMatch(/age_over_18/);
      expect(browser.hasSession()).toBe(false);
    });
  });

  describe("an mdoc's namespaced claims", () => {
    it("age_over_18 true in the EU age attestation's namespace gets the session; false gets 409 claims_not_accepted", async () => {
      const adultBrowser = app.browser();
      const adultId = await adultBrowser.start();
      env.service.verify(adultId, { "eu.europa.ec.av.1": { age_over_18: true } });
      expect((await adultBrowser.finalize(adultId)).status).toBe(200);
      expect(adultBrowser.hasSession()).toBe(true);
      // keepClaims ["age_over_18"] keeps the element, in its namespace.
      expect(await membersSeenBy(adultBrowser)).toContain(
        "{&#34;eu.europa.ec.av.1&#34;:{&#34;age_over_18&#34;:true}}",
      );

      const minorBrowser = app.browser();
      const minorId = await minorBrowser.start();
      env.service.verify(minorId, { "org.iso.18013.5.1": { age_over_18: false } });
      const done = await minorBrowser.finalize(minorId);
      expect([done.status, done.json.code]).toEqual([409, "claims_not_accepted"]);
      expect(minorBrowser.hasSession()).toBe(false);
    });
  });

  describe("claims from the unsigned part of the result", () => {
    it("a proxy that turns a signed age_over_18: false into true gets no session", async () => {
      const browser = app.browser();
      const id = await browser.start();
      env.service.verify(id, { age_over_18: false });
      env.service.tamper((body) => ({ ...body, claims: { age_over_18: true } }));
      const done = await browser.finalize(id);
      expect(done.status).toBe(409);
      expect(browser.hasSession()).toBe(false);
    });

    it("claims a proxy adds never reach the session", async () => {
      const browser = app.browser();
      const id = await browser.start();
      env.service.verify(id, { age_over_18: true });
      env.service.tamper((body) => ({
        ...body,
        claims: { age_over_18: true, given_name: "Mallory", role: "admin" },
      }));
      expect((await browser.finalize(id)).status).toBe(200);
      const seen = await membersSeenBy(browser);
      expect(seen).toContain("age_over_18");
      expect(seen).not.toMatch(/Mallory|admin/);
    });

    it("a plain body that says verified does not outweigh a signed failure", async () => {
      const browser = app.browser();
      const id = await browser.start();
      env.service.model.verifications.applyTrigger(id, "presentation_failed", {
        failureCode: "claims_missing",
      });
      env.service.tamper((body) => {
        const { failure_code: _, ...rest } = body;
        return { ...rest, status: "verified", claims: { age_over_18: true } };
      });
      const done = await browser.finalize(id);
      expect([done.status, done.json.code]).toEqual([409, "verification_not_verified"]);
      expect(browser.hasSession()).toBe(false);
    });
  });
});

// A session cookie browsers would drop (over 4,096 bytes): refused before the verification is
// used up, so that the app, once it keeps fewer claims, can still give the session.
describe.each(frameworks)("$name: a session too large for a cookie", (framework) => {
  const stateStore = createMemoryStateStore();
  const large = useApp(framework, env, {
    stateStore,
    keepClaims: ["age_over_18", "note"],
    requireClaims: {},
  });
  const fitting = useApp(framework, env, { stateStore, keepClaims: ["age_over_18"] });

  it("a long kept claim: 500 session_too_large, no cookie, and the verification is not used up", async () => {
    const browser = large.browser();
    const id = await browser.start();
    env.service.verify(id, { age_over_18: true, note: "n".repeat(3500) });
    const cookie = browser.cookieHeader();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const refused = await browser.finalize(id);
    errors.mockRestore();
    expect([refused.status, refused.json.code]).toEqual([500, "session_too_large"]);
    expect(refused.json.message).toMatch(/keepClaims/);
    expect(refused.setCookies).toEqual([]);
    // Same secret, same store, fewer claims kept: the same pending cookie still gives the session.
    const retry = new HttpBrowser(fitting.url);
    const done = await retry.finalize(id, { cookie });
    expect(done.status).toBe(200);
    expect(retry.hasSession()).toBe(true);
  });

  it("a kept claim that fits gives the session (the limit is the cookie's, not the claim's)", async () => {
    const browser = large.browser();
    const id = await browser.start();
    env.service.verify(id, { age_over_18: true, note: "n".repeat(1000) });
    expect((await browser.finalize(id)).status).toBe(200);
    const cookie = browser.jar.get("__Host-credport_session")!;
    expect(cookie.length).toBeLessThanOrEqual(4096);
    expect(await membersSeenBy(browser)).toContain("n".repeat(1000));
  });
});
