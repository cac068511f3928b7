// Issue 12, item 2 and the review's blocked attacks: a result token is accepted only when the
// service's ES256 key signed it, for this verification, policy, user, project and service, unexpired.
import { createCredportHandlers } from "@credport/next";
import { Credport } from "@credport/server";
import {
  base64url,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  type JWTHeaderParameters,
  type JWTPayload,
  SignJWT,
} from "jose";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { testConfig } from "../support/config.js";
import { BASE, setUpMockService } from "../support/mock-service.js";
import { TestBrowser } from "../support/test-browser.js";

const service = setUpMockService();
const { projectId } = service.project;
const USER = "user-1";
const credport = new Credport({ secretKey: service.project.secretKey, baseUrl: BASE });
const handlers = createCredportHandlers(
  testConfig(service.project, { projectId, getUserRef: () => USER }),
);

interface Scenario {
  /** The verification the browser finalizes, verified with age_over_18: true. */
  id: string;
  /** The genuine token the service signed for it. */
  genuine: string;
  payload: JWTPayload;
  header: JWTHeaderParameters;
}

/** Runs a finalize while the result endpoint answers `forge(scenario)` as its `result_token`. */
async function finalizeWith(forge: (s: Scenario) => Promise<string> | string) {
  const browser = new TestBrowser(handlers);
  const id = await browser.start();
  service.verify(id);
  const { resultToken } = await credport.verifications.getResult(id);
  const scenario: Scenario = {
    id,
    genuine: resultToken,
    payload: decodeJwt(resultToken),
    header: decodeProtectedHeader(resultToken) as JWTHeaderParameters,
  };
  const forged = await forge(scenario);
  service.tamperResult((body) => ({ ...body, result_token: forged }));
  const res = await browser.send("POST", "session", { verificationId: id });
  return {
    status: res.status,
    code: res.body.code,
    session: browser.jar.has("__Host-credport_session"),
  };
}
const refused = { status: 409, code: "verification_not_verified", session: false };

/** The service's own key, over other content: what a confused or compromised path could replay. */
const signedByService = (
  content: Record<string, unknown>,
  options: { issuer?: string; audience?: string; now?: number } = {},
) =>
  service.model.signer.sign(content, {
    issuer: options.issuer ?? BASE,
    audience: options.audience ?? projectId,
    now: options.now ?? Date.now(),
  });
const contentOf = (p: JWTPayload) => {
  const { iss: _i, aud: _a, iat: _t, exp: _e, ...content } = p;
  return content;
};

describe("forged and misdirected result tokens", () => {
  it("the genuine token passes (the harness itself works)", async () => {
    expect(await finalizeWith((s) => s.genuine)).toMatchObject({ status: 200, session: true });
  });

  it.each<[string, (s: Scenario) => Promise<string> | string]>([
    [
      "alg: none",
      (s) =>
        `${base64url.encode(JSON.stringify({ ...s.header, alg: "none" }))}.${s.genuine.split(".")[1]}.`,
    ],
    [
      "HS256 keyed with the service's public key (key confusion)",
      async (s) => {
        const jwks = (await service.model.signer.jwks()).keys[0]!;
        return new SignJWT(s.payload)
          .setProtectedHeader({ ...s.header, alg: "HS256" })
          .sign(new TextEncoder().encode(JSON.stringify(jwks)));
      },
    ],
    [
      "HS256 keyed with the public key's x coordinate",
      async (s) => {
        const jwks = (await service.model.signer.jwks()).keys[0]!;
        return new SignJWT(s.payload)
          .setProtectedHeader({ ...s.header, alg: "HS256" })
          .sign(base64url.decode(jwks.x!));
      },
    ],
    [
      "an attacker's ES256 key under the service's kid",
      async (s) => {
        const { privateKey } = await generateKeyPair("ES256");
        return new SignJWT(s.payload).setProtectedHeader(s.header).sign(privateKey);
      },
    ],
    [
      "an attacker's key embedded in the header (jwk)",
      async (s) => {
        const { privateKey, publicKey } = await generateKeyPair("ES256");
        return new SignJWT(s.payload)
          .setProtectedHeader({ ...s.header, jwk: await exportJWK(publicKey) })
          .sign(privateKey);
      },
    ],
    [
      "an attacker's key set named in the header (jku)",
      async (s) => {
        const { privateKey, publicKey } = await generateKeyPair("ES256");
        const jwk = { ...(await exportJWK(publicKey)), kid: "evil", alg: "ES256" };
        service.server.use(
          http.get("https://evil.test/jwks", () => HttpResponse.json({ keys: [jwk] })),
        );
        return new SignJWT(s.payload)
          .setProtectedHeader({ ...s.header, kid: "evil", jku: "https://evil.test/jwks" })
          .sign(privateKey);
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
    ["not a JWS at all", () => "not-a-token"],
  ])("%s is refused", async (_, forge) => {
    expect(await finalizeWith(forge)).toEqual(refused);
  });

  it.each<[string, (s: Scenario) => Promise<string>]>([
    [
      "another verification's genuine token (cut and paste)",
      async (s) => {
        const other = new TestBrowser(handlers);
        const otherId = await other.start();
        service.verify(otherId);
        return signedByService({ ...contentOf(s.payload), verification_id: otherId });
      },
    ],
    [
      "a token for another policy",
      (s) => signedByService({ ...contentOf(s.payload), policy_id: "preset_identity_basic" }),
    ],
    [
      "a token for another user",
      (s) => signedByService({ ...contentOf(s.payload), customer_user_ref: "user-2" }),
    ],
    [
      "a token for no user, when the binding has one",
      (s) => signedByService({ ...contentOf(s.payload), customer_user_ref: null }),
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
  ])("%s is refused, although the service's key signed it", async (_, forge) => {
    expect(await finalizeWith(forge)).toEqual(refused);
  });
});
