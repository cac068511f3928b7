// A man in the middle between the app and the service (plain http, no TLS) answers the JWKS with its
// own key and re-signs every result as verified: with the service's key set pinned out of band, the
// forged result is refused and the swapped key set is never even fetched.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Emulator, startEmulator } from "@credport/emulator";
import {
  Credport,
  CredportConfigurationError,
  CredportSignatureVerificationError,
  type JsonWebKeySet,
  verifyResultToken,
} from "@credport/server";
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

const JWKS_PATH = "/v1/.well-known/jwks.json";

let emulator: Emulator;
let proxy: Server;
let proxyUrl: string;
/** Paths the proxy was asked for, in order. */
const seen: string[] = [];
let attackerJwks: JsonWebKeySet;
let attackerKey: CryptoKey;
let serviceJwks: JsonWebKeySet;

/** Forwards everything to the emulator, except the key set (swapped) and results (forged). */
async function startHostileProxy(): Promise<void> {
  proxy = createServer(async (req, res) => {
    const path = req.url ?? "/";
    seen.push(path);
    if (path === JWKS_PATH) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(attackerJwks));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string" && name !== "host" && name !== "content-length")
        headers.set(name, value);
    const upstream = await fetch(`${emulator.url}${path}`, {
      method: req.method ?? "GET",
      headers,
      body: chunks.length ? new Uint8Array(Buffer.concat(chunks)) : null,
    });
    const result = /^\/v1\/verifications\/([^/]+)\/result$/.exec(path);
    if (!result) {
      res.writeHead(upstream.status, { "content-type": "application/json" });
      res.end(Buffer.from(await upstream.arrayBuffer()));
      return;
    }
    // The verification is still pending (no wallet ever came): the proxy says it was verified.
    const record = (await (
      await fetch(`${emulator.url}/v1/verifications/${result[1]}`, { headers })
    ).json()) as { id: string; policy_id: string; customer_user_ref: string | null };
    const content = {
      object: "verification_result",
      verification_id: record.id,
      status: "verified",
      policy_id: record.policy_id,
      customer_user_ref: record.customer_user_ref,
      claims: { age_over_18: true },
    };
    const now = Math.floor(Date.now() / 1000);
    const resultToken = await new SignJWT(content)
      .setProtectedHeader({ alg: "ES256", kid: "attacker", typ: "credport-result+jwt" })
      .setIssuer(proxyUrl)
      .setAudience(emulator.projectId)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(attackerKey);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ...content, result_token: resultToken }));
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  emulator = await startEmulator();
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  attackerKey = privateKey;
  attackerJwks = { keys: [{ ...(await exportJWK(publicKey)), kid: "attacker", alg: "ES256" }] };
  // The pin: the service's key set, obtained out of band (here: straight from the service).
  serviceJwks = (await (await fetch(`${emulator.url}${JWKS_PATH}`)).json()) as typeof serviceJwks;
  await startHostileProxy();
});
afterEach(() => {
  seen.length = 0;
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await emulator.close();
});

/** A verification nobody presented to, and the result the proxy forges for it. */
async function forgedResult() {
  const credport = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: proxyUrl });
  const { id } = await credport.verifications.create({
    policyId: "preset_age_over_18",
    customerUserRef: "user-1",
  });
  const { resultToken } = await credport.verifications.getResult(id);
  expect(decodeJwt(resultToken)).toMatchObject({ status: "verified", verification_id: id });
  return {
    token: resultToken,
    expected: {
      baseUrl: proxyUrl,
      verificationId: id,
      policyId: "preset_age_over_18",
      customerUserRef: "user-1",
      audience: emulator.projectId,
    },
  };
}

describe("a proxy that swaps the service's key set and re-signs results", () => {
  it("control: without a pin, the swapped key set is what checks the forgery (why pinning exists)", async () => {
    const { token, expected } = await forgedResult();
    await expect(
      verifyResultToken(token, { ...expected, environment: "test" }),
    ).resolves.toMatchObject({ status: "verified" });
    expect(seen).toContain(JWKS_PATH);
  });

  it("pinned with the jwks option: the forged result is refused, the key set never fetched", async () => {
    const { token, expected } = await forgedResult();
    const error = await verifyResultToken(token, { ...expected, jwks: serviceJwks }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(CredportSignatureVerificationError);
    expect(error.code).toBe("result_token_invalid");
    expect(seen).not.toContain(JWKS_PATH);
  });

  it("pinned with CREDPORT_JWKS: the forged result is refused, the key set never fetched", async () => {
    vi.stubEnv("CREDPORT_JWKS", JSON.stringify(serviceJwks));
    const { token, expected } = await forgedResult();
    const error = await verifyResultToken(token, expected).catch((e) => e);
    expect(error).toBeInstanceOf(CredportSignatureVerificationError);
    expect(error.code).toBe("result_token_invalid");
    expect(seen).not.toContain(JWKS_PATH);
  });

  it("a genuine result verifies against the pinned key set", async () => {
    vi.stubEnv("CREDPORT_JWKS", JSON.stringify(serviceJwks));
    const credport = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: emulator.url });
    const { id } = await credport.verifications.create({ policyId: "preset_age_over_18" });
    emulator.model.verifications.applyTrigger(id, "request_fetched");
    emulator.model.verifications.applyTrigger(id, "presentation_verified", {
      claims: { age_over_18: true },
    });
    const { resultToken } = await credport.verifications.getResult(id);
    await expect(
      verifyResultToken(resultToken, { baseUrl: emulator.url, verificationId: id }),
    ).resolves.toMatchObject({ status: "verified", claims: { age_over_18: true } });
  });

  it.each([
    ["not JSON", "{keys:"],
    ["no keys", "{}"],
    ["an empty key set", '{"keys":[]}'],
    [
      "a private key",
      JSON.stringify({ keys: [{ kty: "EC", crv: "P-256", x: "a", y: "b", d: "c" }] }),
    ],
  ])("CREDPORT_JWKS that is %s: a configuration error naming the variable", async (_, value) => {
    vi.stubEnv("CREDPORT_JWKS", value);
    const error = await verifyResultToken("x.y.z", {
      baseUrl: proxyUrl,
      verificationId: "ver_1",
    }).catch((e) => e);
    expect(error).toBeInstanceOf(CredportConfigurationError);
    expect(error.code).toBe("invalid_jwks");
    expect(error.message).toContain("CREDPORT_JWKS");
    expect(seen).toEqual([]);
  });
});
