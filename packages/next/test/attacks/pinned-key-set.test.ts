// Something between the app and the service swaps the service's key set for its own and re-signs
// results as verified, without any wallet: with the key set pinned (`jwks` or CREDPORT_JWKS), the
// wall refuses the forgery and never fetches the swapped key set.
import { createCredportHandlers } from "@credport/next";
import type { JsonWebKeySet } from "@credport/server";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { HttpResponse, http } from "msw";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testConfig } from "../support/config.js";
import { setUpMockService } from "../support/mock-service.js";
import { SESSION_COOKIE, TestBrowser } from "../support/test-browser.js";

// A service URL of its own: the control needs a verifier that has not yet fetched the service's key
// set, which the files of a worker share, cached by URL.
const BASE = "https://pinned-key-set.credport.test";
const service = setUpMockService({ baseUrl: BASE });
const { projectId } = service.project;
let serviceJwks: JsonWebKeySet;
let jwksFetches = 0;
// One attacker key for every test: the verifier caches a fetched key set, and a fresh attacker key
// per test would make a cached earlier one refuse the forgery for the wrong reason.
let attacker: { privateKey: CryptoKey; jwk: JsonWebKeySet["keys"][number] };

beforeAll(async () => {
  serviceJwks = (await service.model.signer.jwks()) as JsonWebKeySet;
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  attacker = {
    privateKey,
    jwk: { ...(await exportJWK(publicKey)), kid: "attacker", alg: "ES256" },
  };
});
afterEach(() => {
  jwksFetches = 0;
  vi.unstubAllEnvs();
});

/** The middlebox: its own key set at the JWKS URL, and every result re-signed as verified. */
function swapKeySet() {
  const { privateKey, jwk } = attacker;
  service.server.use(
    http.get(`${BASE}/v1/.well-known/jwks.json`, () => {
      jwksFetches++;
      return HttpResponse.json({ keys: [jwk] });
    }),
    http.get(`${BASE}/v1/verifications/:id/result`, async ({ params }) => {
      const content = {
        object: "verification_result",
        verification_id: String(params.id),
        status: "verified",
        policy_id: "preset_age_over_18",
        customer_user_ref: null,
        claims: { age_over_18: true },
      };
      const now = Math.floor(Date.now() / 1000);
      const resultToken = await new SignJWT(content)
        .setProtectedHeader({ alg: "ES256", kid: "attacker", typ: "credport-result+jwt" })
        .setIssuer(BASE)
        .setAudience(projectId)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(privateKey);
      return HttpResponse.json({ ...content, result_token: resultToken });
    }),
  );
}

/** A browser that starts a verification nobody presents to, then asks for a session. */
async function finalizeWithoutWallet(config = {}) {
  swapKeySet();
  const browser = new TestBrowser(
    createCredportHandlers(testConfig(service.project, { baseUrl: BASE, ...config })),
  );
  const id = await browser.start();
  const res = await browser.send("POST", "session", { verificationId: id });
  return { status: res.status, session: browser.jar.has(SESSION_COOKIE) };
}

describe("a middlebox that swaps the service's key set", () => {
  it("control: unpinned, the swapped key set passes the wall (the harness works)", async () => {
    expect(await finalizeWithoutWallet()).toEqual({ status: 200, session: true });
    expect(jwksFetches).toBeGreaterThan(0);
  });

  it("pinned with the jwks option: refused, the swapped key set never fetched", async () => {
    expect(await finalizeWithoutWallet({ jwks: serviceJwks })).toEqual({
      status: 409,
      session: false,
    });
    expect(jwksFetches).toBe(0);
  });

  it("pinned with CREDPORT_JWKS: refused, the swapped key set never fetched", async () => {
    vi.stubEnv("CREDPORT_JWKS", JSON.stringify(serviceJwks));
    expect(await finalizeWithoutWallet()).toEqual({ status: 409, session: false });
    expect(jwksFetches).toBe(0);
  });

  it("a genuine result passes the pinned wall", async () => {
    const browser = new TestBrowser(
      createCredportHandlers(
        testConfig(service.project, { baseUrl: BASE, jwks: JSON.stringify(serviceJwks) }),
      ),
    );
    const id = await browser.start();
    service.verify(id);
    const res = await browser.send("POST", "session", { verificationId: id });
    expect({ status: res.status, session: browser.jar.has(SESSION_COOKIE) }).toEqual({
      status: 200,
      session: true,
    });
  });

  it("a pinned key set that is not a JWKS: a configuration error at creation naming the option", () => {
    expect(() =>
      createCredportHandlers(testConfig(service.project, { jwks: "{not json" })),
    ).toThrow(/jwks/);
    vi.stubEnv("CREDPORT_JWKS", '{"keys":[]}');
    expect(() => createCredportHandlers(testConfig(service.project))).toThrow(/CREDPORT_JWKS/);
  });
});
