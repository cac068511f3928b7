import { createHash } from "node:crypto";
import { SDJwt } from "@sd-jwt/core";
import {
  type CompactVerifyResult,
  compactVerify,
  decodeProtectedHeader,
  importJWK,
  type JWK,
  jwtVerify,
} from "jose";
import { FRESHNESS_SECONDS } from "../../model/infrastructure/wallet-time.js";
import { type FailureCheck, failureDetail } from "../../model/records/failure-detail.js";
import type { FailureCode } from "../../model/transitions/verification-transitions.js";
import { chainProblem, leafPublicJwk, x5cLeaf } from "../../x509/certificate-chain.js";
import type { PresentationContext, PresentationOutcome } from "../credential-format.js";
import { STATUS_INVALID } from "../credential-status.js";
import type { PresentationBinding } from "../presentation-binding.js";
import { discloseClaims } from "./disclosures.js";
import { hasher } from "./sd-jwt.js";

/**
 * A refusal: the failure code, the check it broke with what that check expected (the
 * `failure_detail`), and the reason the emulator's dashboard shows. Neither names a value.
 */
const fail = (
  failureCode: FailureCode,
  check: FailureCheck,
  expected: string,
  reason: string = expected,
  path?: readonly string[],
): PresentationOutcome => ({
  ok: false,
  failureCode,
  reason,
  detail: failureDetail(check, expected, path),
});

/** The issuer's chain ends at no trusted root. */
const untrusted = (expected: string, reason: string): PresentationOutcome =>
  fail("presentation_invalid", "issuer_not_trusted", expected, reason);

/** The checks of {@link verifyPresentation}, in the order it makes them (the timeline's order). */
export const SD_JWT_VC_CHECKS: readonly FailureCheck[] = [
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

/**
 * Verifies one SD-JWT VC presentation (SD-JWT+KB) for a verification: the issuer's signature and
 * type, `iss`, `vct` and `nbf`; the disclosures as RFC 9901 §7.1 processes them; the key-binding
 * JWT (§7.3: signed by the `cnf` key, the binding's nonce, `aud` exactly its audience, a fresh `iat`, the
 * right `sd_hash`); then expiry, the status list, that every requested field was disclosed, and
 * that each field with `values` has one of them (same type and value, as DCQL matches).
 */
export async function verifyPresentation(
  presentation: string,
  ctx: PresentationContext,
): Promise<PresentationOutcome> {
  let decoded: SDJwt;
  let issuerJwt: string;
  let kbJwt: string | undefined;
  try {
    decoded = await SDJwt.fromEncode(presentation, hasher);
    // The compact forms as sent (@sd-jwt keeps them): signatures and sd_hash are over those.
    issuerJwt = decoded.jwt!.encodeJwt();
    kbJwt = decoded.kbJwt?.encodeJwt();
  } catch {
    return fail(
      "presentation_invalid",
      "format",
      "an SD-JWT VC presentation (SD-JWT+KB) was expected",
      "not an SD-JWT",
    );
  }
  if (!kbJwt)
    return fail(
      "presentation_invalid",
      "key_binding",
      "a key-binding JWT at the end of the presentation was expected",
      "no key-binding JWT",
    );

  let payload: Record<string, unknown>;
  // The model's own issuer signed it, or another issuer whose x5c ends at a trusted root.
  const signed = await verifyIssuerSignature(issuerJwt, ctx);
  if (!signed.ok) return signed.outcome;
  const { verified, otherIssuer } = signed;
  try {
    if (verified.protectedHeader.typ !== "dc+sd-jwt" || verified.protectedHeader.alg !== "ES256")
      return fail(
        "presentation_invalid",
        "format",
        "an issuer JWT of typ dc+sd-jwt signed with ES256 was expected",
        "not a dc+sd-jwt ES256 credential",
      );
    if (ctx.trustedRoots && !otherIssuer) {
      const problem = issuerChainProblem(verified.protectedHeader.x5c, ctx);
      if (problem)
        return untrusted(
          "an x5c chain from the issuer's key to a trusted root (trusted_authorities) was expected",
          problem,
        );
    }
    payload = JSON.parse(new TextDecoder().decode(verified.payload));
  } catch {
    return fail(
      "presentation_invalid",
      "format",
      "an issuer JWT whose payload is JSON was expected",
      "the credential payload is not JSON",
    );
  }
  if (!payload || typeof payload !== "object" || Array.isArray(payload))
    return fail(
      "presentation_invalid",
      "format",
      "an issuer JWT whose payload is a JSON object was expected",
      "the credential payload is not an object",
    );
  if (!otherIssuer && payload.iss !== ctx.issuer)
    return fail(
      "presentation_invalid",
      "issuer_not_trusted",
      "a credential whose iss is this project's credential issuer was expected",
      "issued by another issuer",
    );
  if (payload.vct !== ctx.verification.policy.vct)
    return fail(
      "presentation_invalid",
      "credential_type",
      `a credential of the policy's type (vct ${ctx.verification.policy.vct}) was expected`,
      "a credential of another type",
    );
  if (
    payload.nbf !== undefined &&
    !(typeof payload.nbf === "number" && payload.nbf <= ctx.nowSeconds)
  )
    return fail(
      "presentation_invalid",
      "credential_not_yet_valid",
      "a credential whose nbf has passed was expected",
      "the credential is not valid yet",
    );

  const disclosed = await discloseClaims(payload, decoded.disclosures ?? []);
  if (!disclosed.ok)
    return fail(
      "presentation_invalid",
      "digest",
      "disclosures that each match a digest the issuer signed (_sd) were expected",
      disclosed.reason,
    );

  const keyBinding = await checkKeyBinding(presentation, kbJwt, payload, ctx);
  if (keyBinding)
    return fail("presentation_invalid", keyBinding.check, keyBinding.expected, keyBinding.reason);

  if (
    payload.exp !== undefined &&
    !(typeof payload.exp === "number" && payload.exp > ctx.nowSeconds)
  )
    return fail(
      "credential_expired",
      "credential_expired",
      "a credential whose exp has not passed was expected",
      "the credential has expired",
    );
  // Another issuer's credential names its own status list, which this verifier does not read.
  if (!otherIssuer) {
    const reference = (
      payload.status as { status_list?: { idx?: unknown; uri?: unknown } } | undefined
    )?.status_list;
    if (!reference)
      return fail(
        "presentation_invalid",
        "status_unknown",
        "a credential with a status list entry (status.status_list) was expected",
        "the credential has no status reference",
      );
    const status = ctx.statusOf({ uri: reference.uri, idx: reference.idx });
    if (!status.ok)
      return fail(
        "presentation_invalid",
        "status_unknown",
        "a status list entry of this project's issuer was expected",
        status.reason,
      );
    if (status.status === STATUS_INVALID)
      return fail(
        "credential_revoked",
        "status_revoked",
        "a credential that was not revoked was expected",
        "the credential was revoked",
      );
  }

  const claims: Record<string, unknown> = {};
  for (const field of ctx.verification.policy.fields) {
    const value = valueAt(disclosed.claims, field.path);
    const name = field.path.join(".");
    if (value === undefined)
      return fail(
        "claims_missing",
        "claim_missing",
        `the policy's field ${name} was expected to be disclosed`,
        `${name} was not disclosed`,
        field.path,
      );
    // The reason names the claim, never its value: claims are personal data.
    if (field.values && !field.values.some((allowed) => allowed === value))
      return fail(
        "claims_not_satisfied",
        "claim_value",
        `${name} was expected to have one of the values the policy lists`,
        `${name} does not have a value the policy requires`,
        field.path,
      );
    setAt(claims, field.path, value);
  }
  return { ok: true, claims };
}

/**
 * Why the credential's `x5c` is outside the query's `trusted_authorities`: no chain to a trusted
 * root (checked at real time: certificates are the wallet's world, not the shifted clock), or a
 * leaf that is not the issuer's key.
 */
function issuerChainProblem(x5c: unknown, ctx: PresentationContext): string | undefined {
  const problem = chainProblem(x5c, ctx.trustedRoots!, new Date(ctx.walletNowSeconds * 1000));
  if (problem) return `the credential is outside trusted_authorities: ${problem}`;
  const leaf = leafPublicJwk(x5cLeaf(x5c)!);
  const key = ctx.issuerPublicJwk;
  if (leaf.x !== key.x || leaf.y !== key.y || leaf.crv !== key.crv)
    return "the credential's x5c leaf does not hold the key that signed it";
  return undefined;
}

type SignatureCheck =
  | { ok: true; verified: CompactVerifyResult; otherIssuer: boolean }
  | { ok: false; outcome: PresentationOutcome };

/**
 * Whose signature the issuer JWT carries: the model's own issuer's key, or, failing that, the key
 * of its `x5c` leaf when that chain ends at one of the other issuers' trusted roots (checked at
 * real time, as the own chain is). A chain to no trusted root is an untrusted issuer; an `x5c`
 * whose leaf is the own issuer's key is the own credential with a broken signature.
 */
async function verifyIssuerSignature(
  issuerJwt: string,
  ctx: PresentationContext,
): Promise<SignatureCheck> {
  const badSignature = {
    ok: false as const,
    outcome: fail(
      "presentation_invalid",
      "issuer_signature",
      "an issuer JWT signed with the key of this project's issuer, or of a trusted issuer's x5c leaf, was expected",
      "the issuer signature does not verify",
    ),
  };
  try {
    const verified = await compactVerify(issuerJwt, await importJWK(ctx.issuerPublicJwk, "ES256"));
    return { ok: true, verified, otherIssuer: false };
  } catch {
    // Not the own issuer's signature: another issuer's, if its x5c says so.
  }
  let x5c: unknown;
  try {
    x5c = decodeProtectedHeader(issuerJwt).x5c;
  } catch {
    return badSignature;
  }
  const leaf = x5cLeaf(x5c);
  if (x5c === undefined || (leaf && sameKey(leafPublicJwk(leaf), ctx.issuerPublicJwk)))
    return badSignature;
  const problem = chainProblem(
    x5c,
    ctx.otherIssuerRoots ?? [],
    new Date(ctx.walletNowSeconds * 1000),
  );
  if (problem)
    return {
      ok: false,
      outcome: untrusted(
        "an issuer x5c chain ending at a trusted issuer's root was expected",
        `the issuer is not trusted: ${problem}`,
      ),
    };
  try {
    return {
      ok: true,
      verified: await compactVerify(issuerJwt, leaf!.publicKey),
      otherIssuer: true,
    };
  } catch {
    return {
      ok: false,
      outcome: fail(
        "presentation_invalid",
        "issuer_signature",
        "an issuer JWT signed with the key of its x5c leaf was expected",
        "the issuer signature does not verify with its x5c leaf",
      ),
    };
  }
}

const sameKey = (a: JWK, b: JWK) => a.crv === b.crv && a.x === b.x && a.y === b.y;

/** Why a key binding fails: its check, what that check expected, and the dashboard's reason. */
interface KeyBindingProblem {
  check: FailureCheck;
  expected: string;
  reason: string;
}

const problem = (check: FailureCheck, expected: string, reason: string): KeyBindingProblem => ({
  check,
  expected,
  reason,
});

/** RFC 9901 §7.3 and OpenID4VP 1.0 Appendix B.3.5; why it fails, if it does. */
async function checkKeyBinding(
  presentation: string,
  kbJwt: string,
  payload: Record<string, unknown>,
  ctx: PresentationContext,
): Promise<KeyBindingProblem | undefined> {
  const cnfJwk = (payload.cnf as { jwk?: JWK } | undefined)?.jwk;
  if (!cnfJwk || typeof cnfJwk !== "object")
    return problem(
      "key_binding",
      "a credential naming its holder's key (cnf.jwk) was expected",
      "the credential has no holder key",
    );
  try {
    const { payload: kb, protectedHeader } = await jwtVerify(
      kbJwt,
      await importJWK(cnfJwk, "ES256"),
      { typ: "kb+jwt", currentDate: new Date(ctx.walletNowSeconds * 1000) },
    );
    if (protectedHeader.alg !== "ES256")
      return problem(
        "key_binding",
        "a key-binding JWT signed with ES256 was expected",
        "key binding must be ES256",
      );
    if (kb.aud !== keyBindingAudience(ctx.binding))
      return problem(
        "audience",
        ctx.binding.channel === "redirect"
          ? "a key-binding JWT whose aud is this verifier's client_id was expected"
          : "a key-binding JWT whose aud is origin:<the page's origin>, one of expected_origins, was expected",
        "the key binding's aud is not our client_id",
      );
    // Annex C carries mdocs only: an SD-JWT VC cannot be bound to it.
    if (ctx.binding.channel === "annex-c")
      return problem(
        "format",
        "an mdoc over Annex C (org-iso-mdoc) was expected",
        "an SD-JWT VC is not presented over Annex C",
      );
    if (kb.nonce !== ctx.binding.nonce)
      return problem(
        "nonce",
        "a key-binding JWT carrying this verification request's nonce was expected",
        "the key binding carries another nonce",
      );
    if (typeof kb.iat !== "number" || Math.abs(kb.iat - ctx.walletNowSeconds) > FRESHNESS_SECONDS)
      return problem(
        "freshness",
        `a key-binding JWT whose iat is within ${FRESHNESS_SECONDS} seconds of the verifier's clock was expected`,
        "the key binding is not fresh",
      );
    const presented = presentation.slice(0, presentation.length - kbJwt.length);
    if (kb.sd_hash !== createHash("sha256").update(presented).digest("base64url"))
      return problem(
        "sd_hash",
        "a key-binding JWT whose sd_hash is the hash of the presentation it ends was expected",
        "sd_hash does not match the presentation",
      );
    return undefined;
  } catch {
    return problem(
      "key_binding",
      "a key-binding JWT (typ kb+jwt) signed by the holder key the credential names was expected",
      "the key binding does not verify",
    );
  }
}

/**
 * The key-binding JWT's `aud` a channel's binding asks for: the verifier's `client_id` over the
 * redirect flow (OpenID4VP 1.0 Appendix B.3.6), `origin:` and the page's origin over the Digital
 * Credentials API (Appendix A.4).
 */
export function keyBindingAudience(binding: PresentationBinding): string {
  return binding.channel === "redirect" ? binding.clientId : `origin:${binding.origin}`;
}

function valueAt(claims: Record<string, unknown>, path: string[]): unknown {
  let node: unknown = claims;
  for (const segment of path)
    node =
      node && typeof node === "object" && Object.hasOwn(node, segment)
        ? (node as Record<string, unknown>)[segment]
        : undefined;
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
