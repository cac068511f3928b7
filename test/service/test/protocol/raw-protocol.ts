// Raw protocol steps over HTTP against a running emulator, for tests that must send what no
// well-behaved wallet sends. Each helper returns the answer as it came.
import { type Emulator, startEmulator } from "@credport/emulator";
import { createModel, type ModelOptions } from "@credport/mock";
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { PRE_AUTHORIZED_GRANT, type RawAnswer, send } from "../support/raw-send.js";
import { badgeClaims, badgeDefinition } from "../support/transports.js";

export { PRE_AUTHORIZED_GRANT, type RawAnswer, send };

/** RFC 6749 §5.2: error_description is printable ASCII without `"` and `\`. */
export const OAUTH_DESCRIPTION = /^[\x20\x21\x23-\x5B\x5D-\x7E]*$/;

export interface Holder {
  publicJwk: JWK;
  privateJwk: JWK;
}

export async function newHolder(): Promise<Holder> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  // A did:jwk or `cnf` key carries the public members only, in this order.
  const { kty, crv, x, y } = await exportJWK(publicKey);
  return {
    publicJwk: { kty, crv, x, y } as JWK,
    privateJwk: await exportJWK(privateKey),
  };
}

/**
 * An emulator with the badge definition published, and a way to make offers and walk them, and
 * verifications to answer. The
 * token and credential helpers walk the pre-authorized code flow with Bearer tokens, as the `plain`
 * profile has it (pass `profile: "plain"`); haip-issuance.test.ts walks HAIP's.
 */
export async function startIssuer(
  options: { limits?: ModelOptions["limits"]; profile?: ModelOptions["profile"] } = {},
) {
  const emulator: Emulator = await startEmulator({
    port: 0,
    ...(options.limits || options.profile
      ? {
          model: createModel({
            ...(options.limits ? { limits: options.limits } : {}),
            ...(options.profile ? { profile: options.profile } : {}),
          }),
        }
      : {}),
  });
  const service = (method: string, path: string, body?: unknown) =>
    send(`${emulator.url}${path}`, {
      method,
      headers: { "x-service-key": emulator.keys.secretKey, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  await service("POST", "/v1/issuer/credential-definitions", {
    ...badgeDefinition(),
    lifecycleStatus: "published",
  });
  const now = () => Math.floor(emulator.model.clock.now() / 1000);

  async function offer(extra: Record<string, unknown> = {}) {
    const created = await service("POST", "/v1/openid4vc/issuance/offer", {
      credentialDefinitionId: "badge-v1",
      claims: badgeClaims,
      ...extra,
    });
    const offerUrl = new URL(created.body.offerUri as string).searchParams.get(
      "credential_offer_uri",
    )!;
    const fetched = await send(offerUrl);
    const grant = (fetched.body.grants as Record<string, Record<string, string>>)[
      PRE_AUTHORIZED_GRANT
    ]!;
    return {
      id: created.body.id as string,
      txCode: created.body.txCode as string | undefined,
      offerUrl,
      issuer: fetched.body.credential_issuer as string,
      code: grant["pre-authorized_code"]!,
    };
  }

  const token = (issuer: string, form: Record<string, string> | string, contentType?: string) =>
    send(`${issuer}/token`, {
      method: "POST",
      headers: { "content-type": contentType ?? "application/x-www-form-urlencoded" },
      body: typeof form === "string" ? form : new URLSearchParams(form).toString(),
    });

  /** An offer walked up to token_issued: the access token and what else the test needs. */
  async function tokenFor(extra: Record<string, unknown> = {}) {
    const created = await offer(extra);
    const answer = await token(created.issuer, {
      grant_type: PRE_AUTHORIZED_GRANT,
      "pre-authorized_code": created.code,
    });
    return { ...created, accessToken: answer.body.access_token as string, answer };
  }

  const nonce = async (issuer: string) =>
    (await send(`${issuer}/nonce`, { method: "POST" })).body.c_nonce as string;

  async function proof(
    holder: Holder,
    options: {
      issuer: string;
      nonce?: string;
      typ?: string;
      aud?: string | string[];
      iat?: number;
      signWith?: JWK;
      header?: Record<string, unknown>;
    },
  ) {
    const payload: Record<string, unknown> = {
      aud: options.aud ?? options.issuer,
      // A wallet signs with its own, real clock, whatever the emulator's clock says.
      iat: options.iat ?? Math.floor(Date.now() / 1000),
    };
    if (options.nonce !== undefined) payload.nonce = options.nonce;
    return new SignJWT(payload)
      .setProtectedHeader({
        alg: "ES256",
        typ: options.typ ?? "openid4vci-proof+jwt",
        jwk: holder.publicJwk,
        ...options.header,
      } as never)
      .sign(await importJWK(options.signWith ?? holder.privateJwk, "ES256"));
  }

  const credential = (
    issuer: string,
    accessToken: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    send(`${issuer}/credential`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${accessToken}`,
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  const status = async (id: string) =>
    (await service("GET", `/v1/openid4vc/issuance/${id}`)).body.status as string;

  /** A policy asking for the badge's `given_name`: its ID. */
  const badgePolicy = async () =>
    (
      await service("POST", "/v1/policies", {
        name: "Badge",
        credential_definition_id: "badge-v1",
        fields: [{ path: ["given_name"] }],
      })
    ).body.policy_id as string;
  /** A new verification of the policy, as the service answers it (`id`, `authorizationRequestUri`…). */
  const newVerification = async (policyId: string) =>
    (await service("POST", "/v1/verifications", { policy_id: policyId })).body as Record<
      string,
      string
    >;
  /** A verification as the service shows it now. */
  const verificationOf = async (id: string) =>
    (await service("GET", `/v1/verifications/${id}`)).body;

  return {
    emulator,
    model: emulator.model,
    service,
    offer,
    token,
    tokenFor,
    nonce,
    proof,
    credential,
    status,
    badgePolicy,
    newVerification,
    verificationOf,
    now,
    close: () => emulator.close(),
  };
}

export type Issuer = Awaited<ReturnType<typeof startIssuer>>;
