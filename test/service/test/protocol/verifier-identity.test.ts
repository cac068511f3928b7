// Issue 32, item 6: every project environment is its own verifier (its own request-signing key and
// the did:jwk client_id made of it) and its own issuer (its own credential-signing key), so that a
// presentation a wallet made for one project's verifier is no good at another's, and what one
// project's key signed says which project signed it. Each keeps its keys across a restart.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Emulator, startEmulator } from "@credport/emulator";
import type { ProjectKeys } from "@credport/mock";
import { createTestWallet, type HeldSdJwtVc } from "@credport/mock/wallet";
import {
  compactVerify,
  decodeJwt,
  decodeProtectedHeader,
  importJWK,
  type JWK,
  SignJWT,
} from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { badgeClaims, badgeDefinition } from "../support/transports.js";
import { send } from "./raw-protocol.js";

const DID_PREFIX = "decentralized_identifier:did:jwk:";

/** The public key a `decentralized_identifier:did:jwk:…` client_id is made of. */
const keyOfClientId = (clientId: string) =>
  JSON.parse(Buffer.from(clientId.slice(DID_PREFIX.length), "base64url").toString()) as JWK;

/** A project of a running emulator, set up with the badge definition and a policy on it. */
async function projectOn(emulator: Emulator, secretKey: string) {
  const api = async (method: string, path: string, body?: unknown) =>
    (
      await send(`${emulator.url}${path}`, {
        method,
        headers: { "x-service-key": secretKey, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    ).body as Record<string, string>;
  await api("POST", "/v1/issuer/credential-definitions", {
    ...badgeDefinition(),
    lifecycleStatus: "published",
  });
  const policy = await api("POST", "/v1/policies", {
    name: "Badge",
    credential_definition_id: "badge-v1",
    fields: [{ path: ["given_name"] }],
  });
  const verify = async () => {
    const created = await api("POST", "/v1/verifications", { policy_id: policy.policy_id });
    const uri = new URL(created.authorization_request_uri!);
    const jwt = (await send(uri.searchParams.get("request_uri")!)).text;
    return { id: created.id!, uri: uri.href, uriClientId: uri.searchParams.get("client_id")!, jwt };
  };
  const offer = async () =>
    (
      await api("POST", "/v1/openid4vc/issuance/offer", {
        credentialDefinitionId: "badge-v1",
        claims: badgeClaims,
      })
    ).offerUri!;
  const statusOf = async (id: string) => api("GET", `/v1/verifications/${id}`);
  return { api, verify, offer, statusOf };
}

describe("each project's own verifier and issuer identity", () => {
  const running: Emulator[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((e) => e.close()));
  });
  // The plain profile's did:jwk client IDs; haip-verifier.test.ts has the x509 ones.
  async function start(options: Parameters<typeof startEmulator>[0] = { port: 0 }) {
    const emulator = await startEmulator({ profile: "plain", ...options });
    running.push(emulator);
    const other: ProjectKeys = emulator.model.createProject({ environment: "test" });
    return { emulator, other };
  }

  it("signs project A's and project B's request objects with different keys under different client_ids, each stable", async () => {
    const { emulator, other } = await start();
    const a = await projectOn(emulator, emulator.keys.secretKey);
    const b = await projectOn(emulator, other.secretKey);
    const [a1, a2, b1] = [await a.verify(), await a.verify(), await b.verify()];

    for (const request of [a1, a2, b1]) {
      expect(request.uriClientId.startsWith(DID_PREFIX)).toBe(true);
      expect(decodeJwt(request.jwt).client_id).toBe(request.uriClientId);
      expect(decodeProtectedHeader(request.jwt).kid).toBe(
        `${request.uriClientId.slice("decentralized_identifier:".length)}#0`,
      );
    }
    // One identity per project: the same for every verification of A, another one for B.
    expect(a2.uriClientId).toBe(a1.uriClientId);
    expect(b1.uriClientId).not.toBe(a1.uriClientId);
    expect(decodeProtectedHeader(b1.jwt).kid).not.toBe(decodeProtectedHeader(a1.jwt).kid);
    // Each request object verifies with its own client_id's key only.
    const keyA = await importJWK(keyOfClientId(a1.uriClientId), "ES256");
    const keyB = await importJWK(keyOfClientId(b1.uriClientId), "ES256");
    await expect(compactVerify(a1.jwt, keyA)).resolves.toBeDefined();
    await expect(compactVerify(b1.jwt, keyB)).resolves.toBeDefined();
    await expect(compactVerify(b1.jwt, keyA)).rejects.toThrow();
    await expect(compactVerify(a1.jwt, keyB)).rejects.toThrow();

    // The model says which project's verifier asks (what the wallet page shows).
    expect(await emulator.model.verifierOf(b1.id, emulator.url)).toEqual({
      clientId: b1.uriClientId,
      projectId: other.projectId,
      environment: "test",
    });
    expect((await emulator.model.verifierOf(a1.id, emulator.url))?.projectId).toBe(
      emulator.projectId,
    );
    expect(await emulator.model.verifierOf("ver_unknown", emulator.url)).toBeUndefined();
  });

  it("refuses at B a presentation the wallet made for A's client_id, even with B's nonce (audience binding)", async () => {
    const { emulator, other } = await start();
    const a = await projectOn(emulator, emulator.keys.secretKey);
    const b = await projectOn(emulator, other.secretKey);
    const clientIdA = (await a.verify()).uriClientId;
    const target = await b.verify();

    // Verifier A asks the wallet, under A's client_id and signed with A's key, for what B's
    // request asks (B's nonce, state and response_uri): the relay a dishonest verifier attempts.
    const signerA = await emulator.model.protocol.verifier.keysFor({
      projectId: emulator.projectId,
      environment: "test",
    });
    const relayed = await new SignJWT({ ...decodeJwt(target.jwt), client_id: clientIdA })
      .setProtectedHeader({ alg: "ES256", typ: "oauth-authz-req+jwt", kid: signerA.kid })
      .sign(await importJWK(signerA.privateJwk, "ES256"));
    const relayUri = "https://verifier-a.example/request.jwt";
    const wallet = await createTestWallet({
      fetch: async (input, init) =>
        String(input) === relayUri
          ? new Response(relayed, {
              headers: { "content-type": "application/oauth-authz-req+jwt" },
            })
          : fetch(input, init),
    });
    await wallet.acceptOffer(await b.offer());
    await wallet.present(
      `openid4vp://?client_id=${encodeURIComponent(clientIdA)}&request_uri=${encodeURIComponent(relayUri)}`,
    );
    expect(await b.statusOf(target.id)).toMatchObject({
      status: "failed",
      failure_code: "presentation_invalid",
      failure_detail: { check: "audience" },
    });

    // The same wallet answering B's own request is verified: only the audience was wrong.
    const honest = await b.verify();
    await wallet.present(honest.uri);
    expect((await b.statusOf(honest.id)).status).toBe("verified");
  });

  it("issues each project's credentials under its own issuer key, and B's verifier refuses A's credential", async () => {
    const { emulator, other } = await start();
    const a = await projectOn(emulator, emulator.keys.secretKey);
    const b = await projectOn(emulator, other.secretKey);
    const wallet = await createTestWallet();
    const fromA = await wallet.acceptOffer(await a.offer());
    const walletB = await createTestWallet();
    const fromB = await walletB.acceptOffer(await b.offer());
    const [jwtA, jwtB] = [
      (fromA as HeldSdJwtVc).sdJwt.split("~")[0]!,
      (fromB as HeldSdJwtVc).sdJwt.split("~")[0]!,
    ];
    expect(decodeProtectedHeader(jwtA).kid).not.toBe(decodeProtectedHeader(jwtB).kid);
    expect(decodeJwt(jwtA).iss).not.toBe(decodeJwt(jwtB).iss);
    const jwks = async (iss: unknown) =>
      (await send(`${iss}/jwks`)).body as unknown as { keys: { kid: string }[] };
    expect((await jwks(decodeJwt(jwtB).iss)).keys.map((k) => k.kid)).toEqual([
      decodeProtectedHeader(jwtB).kid,
    ]);

    const atB = await b.verify();
    await wallet.present(atB.uri);
    expect(await b.statusOf(atB.id)).toMatchObject({ status: "failed" });
  });

  it("keeps each project's verifier and issuer keys across a restart with the same data file", async () => {
    const dataFile = join(await mkdtemp(join(tmpdir(), "credport-identity-")), "state.json");
    const { emulator: first, other } = await start({ port: 0, dataFile });
    const a = await projectOn(first, first.keys.secretKey);
    const b = await projectOn(first, other.secretKey);
    const clientIdA = (await a.verify()).uriClientId;
    const clientIdB = (await b.verify()).uriClientId;
    const wallet = await createTestWallet();
    await wallet.acceptOffer(await b.offer());
    running.splice(running.indexOf(first), 1);
    await first.close();

    // The same port too: the issuer's URL (the credential's iss) is part of its identity.
    const second = await startEmulator({
      port: Number(new URL(first.url).port),
      dataFile,
      profile: "plain",
    });
    running.push(second);
    const a2 = await projectOn(second, second.keys.secretKey);
    const b2 = await projectOn(second, other.secretKey);
    expect((await a2.verify()).uriClientId).toBe(clientIdA);
    const again = await b2.verify();
    expect(again.uriClientId).toBe(clientIdB);
    // The credential B issued before the restart still verifies at B.
    await wallet.present(again.uri);
    expect(await b2.statusOf(again.id)).toMatchObject({ status: "verified" });
  });

  it("reads a data file of the earlier version (one verifierKey for every project): each project then gets its own", async () => {
    const dataFile = join(await mkdtemp(join(tmpdir(), "credport-identity-")), "state.json");
    const { emulator: first } = await start({ port: 0, dataFile });
    const before = await (await projectOn(first, first.keys.secretKey)).verify();
    running.splice(running.indexOf(first), 1);
    await first.close();
    const file = JSON.parse(await readFile(dataFile, "utf8"));
    const [{ keys: shared }] = file.model.verifierKeys;
    delete file.model.verifierKeys;
    file.model.verifierKey = shared;
    await writeFile(dataFile, JSON.stringify(file));

    const second = await startEmulator({ port: 0, dataFile, profile: "plain" });
    running.push(second);
    expect(second.projectId).toBe(first.projectId);
    const after = await (await projectOn(second, second.keys.secretKey)).verify();
    expect(after.uriClientId.startsWith(DID_PREFIX)).toBe(true);
    expect(after.uriClientId).not.toBe(before.uriClientId);
  });
});
