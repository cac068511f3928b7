import { createHash, randomBytes } from "node:crypto";
import type { Model } from "@credport/mock";
import { decodeJwt, importJWK, SignJWT } from "jose";
import type { Holder } from "./raw-protocol.js";
import { send } from "./raw-protocol.js";

/**
 * SD-JWT VC presentations built by hand and signed with the emulator's own issuer key, so that a
 * test can hand the verifier exactly the malformed structure RFC 9901 §7 says to refuse — with a
 * valid signature, so that only the rule under test can refuse it.
 */
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
export const digestOf = (disclosure: string) =>
  createHash("sha256").update(disclosure).digest("base64url");

/** An encoded disclosure: `[salt, name, value]` for a property, `[salt, value]` for an array element. */
export function disclosure(...content: unknown[]): string {
  return b64([randomBytes(16).toString("base64url"), ...content]);
}

export interface OpenRequest {
  verificationId: string;
  clientId: string;
  nonce: string;
  state: string;
  responseUri: string;
}

/** Fetches the request object the way a wallet does and returns what a response needs. */
export async function openRequest(authorizationRequestUri: string): Promise<OpenRequest> {
  const requestUri = new URL(authorizationRequestUri).searchParams.get("request_uri")!;
  const request = decodeJwt((await send(requestUri)).text);
  return {
    verificationId: String(request.state),
    clientId: String(request.client_id),
    nonce: String(request.nonce),
    state: String(request.state),
    responseUri: String(request.response_uri),
  };
}

/**
 * A status list index the tenant's issuer handed out (indices are random slots, so 0 is most
 * likely not one): that of its first offer.
 */
function handedOutIndex(model: Model, tenant: { projectId: string; environment: "test" | "live" }) {
  const own = model.issuance.records.find(
    (r) => r.tenant.projectId === tenant.projectId && r.tenant.environment === tenant.environment,
  );
  if (own) return own.statusListIndex;
  throw new Error("forgePresentation: make an offer in this tenant first, or pass status");
}

export async function forgePresentation(options: {
  model: Model;
  tenant: { projectId: string; environment: "test" | "live" };
  issuer: string;
  holder: Holder;
  request: OpenRequest;
  /** Claims of the issuer-signed payload beside iss, iat, exp, vct, cnf and status. */
  payload: Record<string, unknown>;
  disclosures: string[];
  vct?: string;
  status?: unknown;
  kb?: Record<string, unknown>;
  /** The issuer JWT's `x5c` header (HAIP: the document-signer chain). */
  x5c?: string[];
}): Promise<string> {
  const keys = await options.model.protocol.issuer.keysFor(options.tenant);
  const now = Math.floor(options.model.clock.now() / 1000);
  const jwt = await new SignJWT({
    iss: options.issuer,
    iat: now,
    exp: now + 3600,
    vct: options.vct ?? "https://example.test/vct/badge-v1",
    cnf: { jwk: options.holder.publicJwk },
    status: options.status ?? {
      status_list: {
        idx: handedOutIndex(options.model, options.tenant),
        uri: `${options.issuer}/status-list`,
      },
    },
    _sd_alg: "sha-256",
    ...options.payload,
  })
    .setProtectedHeader({
      alg: "ES256",
      typ: "dc+sd-jwt",
      kid: keys.kid,
      ...(options.x5c ? { x5c: options.x5c } : {}),
    })
    .sign(await importJWK(keys.privateJwk, "ES256"));
  const presented = `${[jwt, ...options.disclosures].join("~")}~`;
  const kb = await new SignJWT({
    // The holder's own clock: real time.
    iat: Math.floor(Date.now() / 1000),
    aud: options.request.clientId,
    nonce: options.request.nonce,
    sd_hash: digestOf(presented),
    ...options.kb,
  })
    .setProtectedHeader({ alg: "ES256", typ: "kb+jwt" })
    .sign(await importJWK(options.holder.privateJwk, "ES256"));
  return `${presented}${kb}`;
}

/** Posts a direct_post answer and returns the HTTP answer. */
export function postResponse(
  request: OpenRequest,
  form: Record<string, string> | string,
  contentType?: string,
) {
  return send(request.responseUri, {
    method: "POST",
    headers: { "content-type": contentType ?? "application/x-www-form-urlencoded" },
    body: typeof form === "string" ? form : new URLSearchParams(form).toString(),
  });
}

export const vpToken = (...presentations: unknown[]) =>
  JSON.stringify({ credential: presentations });
