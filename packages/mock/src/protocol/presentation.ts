import { createHash } from "node:crypto";
import { SDJwt } from "@sd-jwt/core";
import { compactVerify, decodeProtectedHeader, importJWK, type JWK, jwtVerify } from "jose";
import type { FailureCode } from "../model/verification-transitions.js";
import type { VerificationRecord } from "../model/verifications.js";
import { FRESHNESS_SECONDS } from "./proof.js";
import { hasher } from "./sd-jwt.js";
import { STATUS_INVALID } from "./status-list.js";

export type PresentationOutcome =
  | { ok: true; claims: Record<string, unknown> }
  | { ok: false; failureCode: FailureCode; reason: string };

export interface PresentationContext {
  verification: VerificationRecord;
  /** The verifier's client_id: the key-binding JWT's audience. */
  clientId: string;
  issuer: string;
  issuerPublicJwk: JWK;
  nowSeconds: number;
  /** Status of a credential in the issuer's status list. */
  statusAt: (uri: string, index: number) => number | undefined;
}

const fail = (failureCode: FailureCode, reason: string): PresentationOutcome => ({
  ok: false,
  failureCode,
  reason,
});

/**
 * Verifies one SD-JWT VC presentation for a verification, checking what @sd-jwt leaves out too:
 * the issuer signature and type, every disclosure is referenced by the credential, the key-binding
 * JWT is present, signed by the `cnf` key, carries our nonce and our client_id as audience, a fresh
 * iat and the right sd_hash; then expiry, the status list, and that every requested field is there.
 */
export async function verifyPresentation(
  presentation: unknown,
  ctx: PresentationContext,
): Promise<PresentationOutcome> {
  if (typeof presentation !== "string" || !presentation.includes("~"))
    return fail("presentation_invalid", "not an SD-JWT");
  const parts = presentation.split("~");
  const issuerJwt = parts[0]!;
  const kbJwt = parts.at(-1)!;
  const disclosures = parts.slice(1, -1);
  if (!kbJwt) return fail("presentation_invalid", "no key-binding JWT");

  let payload: Record<string, unknown>;
  try {
    const header = decodeProtectedHeader(issuerJwt);
    if (header.typ !== "dc+sd-jwt" || header.alg !== "ES256")
      return fail("presentation_invalid", "not a dc+sd-jwt ES256 credential");
    const verified = await compactVerify(issuerJwt, await importJWK(ctx.issuerPublicJwk, "ES256"));
    payload = JSON.parse(new TextDecoder().decode(verified.payload));
  } catch {
    return fail("presentation_invalid", "the issuer signature does not verify");
  }
  if (payload.iss !== ctx.issuer) return fail("presentation_invalid", "issued by another issuer");
  if (payload.vct !== ctx.verification.policy.vct)
    return fail("presentation_invalid", "a credential of another type");

  const referenced = collectDigests(payload);
  for (const disclosure of disclosures) {
    const decoded = safeJson(Buffer.from(disclosure, "base64url").toString("utf8"));
    if (!Array.isArray(decoded)) return fail("presentation_invalid", "a disclosure is malformed");
    for (const digest of collectDigests(decoded)) referenced.add(digest);
  }
  for (const disclosure of disclosures) {
    if (!referenced.has(sha256(disclosure)))
      return fail("presentation_invalid", "a disclosure is not part of the credential");
  }

  const cnfJwk = (payload.cnf as { jwk?: JWK } | undefined)?.jwk;
  if (!cnfJwk) return fail("presentation_invalid", "the credential has no holder key");
  try {
    const { payload: kb, protectedHeader } = await jwtVerify(
      kbJwt,
      await importJWK(cnfJwk, "ES256"),
      {
        audience: ctx.clientId,
        typ: "kb+jwt",
        currentDate: new Date(ctx.nowSeconds * 1000),
      },
    );
    if (protectedHeader.alg !== "ES256")
      return fail("presentation_invalid", "key binding must be ES256");
    if (kb.nonce !== ctx.verification.nonce)
      return fail("presentation_invalid", "the key binding carries another nonce");
    if (typeof kb.iat !== "number" || Math.abs(kb.iat - ctx.nowSeconds) > FRESHNESS_SECONDS) {
      return fail("presentation_invalid", "the key binding is not fresh");
    }
    const presented = presentation.slice(0, presentation.length - kbJwt.length);
    if (kb.sd_hash !== sha256(presented))
      return fail("presentation_invalid", "sd_hash does not match the presentation");
  } catch {
    return fail("presentation_invalid", "the key binding does not verify");
  }

  if (typeof payload.exp === "number" && payload.exp <= ctx.nowSeconds)
    return fail("credential_expired", "the credential has expired");
  const status = (payload.status as { status_list?: { idx?: number; uri?: string } } | undefined)
    ?.status_list;
  if (!status || typeof status.idx !== "number" || typeof status.uri !== "string") {
    return fail("presentation_invalid", "the credential has no status reference");
  }
  if (ctx.statusAt(status.uri, status.idx) === STATUS_INVALID)
    return fail("credential_revoked", "the credential was revoked");

  const disclosed =
    (await (
      await SDJwt.fromEncode(presentation, hasher)
    ).getClaims<Record<string, unknown>>(hasher)) ?? {};
  const claims: Record<string, unknown> = {};
  for (const field of ctx.verification.policy.fields) {
    const value = valueAt(disclosed, field.path);
    if (value === undefined)
      return fail("claims_missing", `${field.path.join(".")} was not disclosed`);
    setAt(claims, field.path, value);
  }
  return { ok: true, claims };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

function collectDigests(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) {
      if (item && typeof item === "object" && "..." in item)
        into.add(String((item as Record<string, unknown>)["..."]));
      collectDigests(item, into);
    }
  } else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "_sd" && Array.isArray(value))
        for (const digest of value) into.add(String(digest));
      else collectDigests(value, into);
    }
  }
  return into;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function valueAt(claims: Record<string, unknown>, path: string[]): unknown {
  let node: unknown = claims;
  for (const segment of path)
    node =
      node && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined;
  return node;
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  path.slice(0, -1).forEach((segment) => {
    node[segment] ??= {};
    node = node[segment] as Record<string, unknown>;
  });
  node[path.at(-1)!] = value;
}
