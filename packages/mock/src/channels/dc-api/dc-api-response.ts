import { dcApiResponseBody } from "@credport/core/contract";
import { decodeJwt } from "jose";
import { validationError } from "../../model/errors.js";
import type { JsonObject } from "../../model/input.js";
import { parseInput } from "../../model/input.js";
import type { Model } from "../../model/model.js";
import type { VerificationRecord } from "../../model/verification-record.js";
import type { FailureCode } from "../../model/verification-transitions.js";
import { readAuthorizationResponse } from "../../protocol/authorization-response.js";
import { CREDENTIAL_QUERY_ID, dcqlQueryFor } from "../../protocol/dcql-query.js";
import { readEncryptedResponse } from "../../protocol/encrypted-response.js";
import { verifyPresentation } from "../../protocol/presentation.js";
import { walletNowSeconds } from "../../protocol/proof.js";
import { statusAt } from "../../protocol/status-list.js";
import { credentialIssuer, statusListUri } from "../../protocol/urls.js";
import {
  DC_API_SIGNED,
  DC_API_UNSIGNED,
  dcApiKeyName,
  ORIGIN_AUDIENCE_PREFIX,
} from "./dc-api-protocols.js";

/** What a page posts: the `DigitalCredential`'s `protocol` and `data`, unchanged. */
export interface DcApiAnswer {
  protocol: string;
  data: Record<string, unknown>;
}

/** The one member of `data` an OpenID4VP answer through the DC API has (Appendix A.3, A.4). */
const ANSWER_MEMBERS = ["response", "vp_token", "error"] as const;

/**
 * Reads a posted answer: `{ protocol, data }`, `protocol` one this verification requested and
 * `data` an object with exactly one of `response` (encrypted), `vp_token` or `error`. Anything else
 * is the page's mistake, not a verdict on the holder: 400 `validation_error` naming the field,
 * the verification unchanged.
 */
export function readDcApiAnswer(body: unknown, requested: readonly string[]): DcApiAnswer {
  const { protocol, data } = parseInput(dcApiResponseBody, body);
  if (!requested.includes(protocol))
    throw invalid(
      "protocol",
      requested.length === 0
        ? "this verification made no Digital Credentials API request (create it with expected_origins)"
        : `must be a protocol this verification requested: ${requested.join(", ")}`,
    );
  const members = ANSWER_MEMBERS.filter((name) => Object.hasOwn(data, name));
  if (members.length !== 1)
    throw invalid("data", `must hold exactly one of ${ANSWER_MEMBERS.join(", ")}`);
  return { protocol, data };
}

/** The DC API protocols a verification's `dc_api_requests` offered. */
export function requestedProtocols(model: Model, verification: VerificationRecord): string[] {
  if (!verification.expectedOrigins) return [];
  return [model.profile === "haip" ? DC_API_SIGNED : DC_API_UNSIGNED];
}

/**
 * Hands a posted answer to an open verification: reads it ({@link readDcApiAnswer}) and decides the
 * verification with it ({@link decideDcApiAnswer}). The REST operation calls it once the caller is
 * authenticated; the emulator's wallet page calls it for the request it answered.
 */
export async function handOverDcApiAnswer(
  model: Model,
  baseUrl: string,
  verification: VerificationRecord,
  body: unknown,
): Promise<void> {
  const answer = readDcApiAnswer(body, requestedProtocols(model, verification));
  await decideDcApiAnswer(model, baseUrl, verification, answer);
}

/**
 * The open verification whose DC API request carried this nonce (the request names no
 * verification: the browser is its channel), for the emulator's wallet page.
 */
export function verificationOfDcApiNonce(
  model: Model,
  nonce: unknown,
): VerificationRecord | undefined {
  if (typeof nonce !== "string" || nonce === "") return undefined;
  const found = model.verifications.records.find(
    (r) => r.nonce === nonce && r.expectedOrigins !== undefined,
  );
  return found && model.verifications.findForProtocol(found.id);
}

type Verdict =
  | { kind: "rejected" }
  | { kind: "checked"; presentation: string }
  | { kind: "invalid"; reason: string };

/**
 * Decides a verification from the answer its DC API request got, as the redirect flow decides it
 * from a `direct_post`: the wallet's `error` → failed `wallet_rejected`; a presentation → verified,
 * or failed with the failure code of the first check it fails. On top of the redirect flow's
 * checks, the key binding's audience must be `origin:` and one of `expected_origins` — the origin
 * the browser vouched for to the wallet — and under `haip` only an answer encrypted to this
 * request's key (`data.response`) can verify. An answer after the end is 409, unchanged.
 */
export async function decideDcApiAnswer(
  model: Model,
  baseUrl: string,
  verification: VerificationRecord,
  answer: DcApiAnswer,
): Promise<void> {
  const form = ANSWER_MEMBERS.find((name) => Object.hasOwn(answer.data, name))!;
  const note = (extra: { origin?: string; reason?: string }) =>
    model.verifications.noteDcApiAnswer(verification.id, {
      at: model.clock.iso(),
      protocol: answer.protocol,
      form,
      ...extra,
    });
  const verdict = await readVerdict(model, verification, answer);
  if (verdict.kind === "rejected") {
    finish(model, verification, { failureCode: "wallet_rejected" }, () =>
      note({ reason: "the wallet answered with an error" }),
    );
    return;
  }
  if (verdict.kind === "invalid") {
    finish(model, verification, { failureCode: "presentation_invalid" }, () =>
      note({ reason: verdict.reason }),
    );
    return;
  }
  const tenant = verification.tenant;
  const origins = (verification.expectedOrigins ?? []).map((o) => ORIGIN_AUDIENCE_PREFIX + o);
  const audience = keyBindingAudienceAmong(verdict.presentation, origins);
  const keys = await model.protocol.issuerKeysFor(tenant);
  const ownStatusList = statusListUri(baseUrl, tenant);
  const outcome = await verifyPresentation(verdict.presentation, {
    verification,
    // The audience the key binding names, when it is one of ours; otherwise the first of ours,
    // and the key-binding check refuses it. Never the client_id: that binds the redirect flow.
    clientId: audience ?? origins[0]!,
    ...(model.profile === "haip" ? { trustedRoots: [await model.ca.rootCertificate()] } : {}),
    issuer: credentialIssuer(baseUrl, tenant),
    issuerPublicJwk: keys.publicJwk,
    nowSeconds: Math.floor(model.clock.now() / 1000),
    walletNowSeconds: walletNowSeconds(),
    statusOf: (reference) => statusAt(model, tenant, ownStatusList, reference),
  });
  const origin = audience?.slice(ORIGIN_AUDIENCE_PREFIX.length);
  finish(
    model,
    verification,
    outcome.ok ? { claims: outcome.claims as JsonObject } : { failureCode: outcome.failureCode },
    () =>
      note({ ...(origin ? { origin } : {}), ...(outcome.ok ? {} : { reason: outcome.reason }) }),
  );
}

async function readVerdict(
  model: Model,
  verification: VerificationRecord,
  answer: DcApiAnswer,
): Promise<Verdict> {
  const { data } = answer;
  // A wallet's error discloses nothing: read as it is, encrypted or not (as direct_post.jwt does).
  if (Object.hasOwn(data, "error")) return { kind: "rejected" };
  let params: Map<string, string>;
  if (Object.hasOwn(data, "response")) {
    if (typeof data.response !== "string") return invalidVerdict("data.response is not a JWE");
    const key =
      model.profile === "haip"
        ? model.protocol.responseKey(verification.tenant, dcApiKeyName(verification.id))
        : undefined;
    const read = await readEncryptedResponse(new Map([["response", data.response]]), key);
    if (!read.ok) return invalidVerdict(read.refusal.description);
    params = read.params;
    if (params.has("error")) return { kind: "rejected" };
  } else {
    if (model.profile === "haip")
      return invalidVerdict("this verifier asks for dc_api.jwt: an unencrypted vp_token");
    params = new Map([["vp_token", JSON.stringify(data.vp_token)]]);
  }
  // The redirect flow's reading of vp_token; the DC API has no state: the browser is the channel.
  params.set("state", verification.id);
  const read = readAuthorizationResponse(params, {
    state: verification.id,
    query: dcqlQueryFor(verification.policy),
  });
  if (!read.ok) return invalidVerdict(read.refusal.description);
  if (read.response.kind === "error") return { kind: "rejected" };
  return { kind: "checked", presentation: read.response.presentations[CREDENTIAL_QUERY_ID]![0]! };
}

const invalidVerdict = (reason: string): Verdict => ({ kind: "invalid", reason });

/** The key-binding JWT's `aud` when it is one of `audiences` (read unverified: the check follows). */
function keyBindingAudienceAmong(presentation: string, audiences: string[]): string | undefined {
  try {
    const aud = decodeJwt(presentation.slice(presentation.lastIndexOf("~") + 1)).aud;
    return typeof aud === "string" && audiences.includes(aud) ? aud : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Ends the verification through the transition table, with its webhook: an answer that lost the
 * race to another finds it ended, and the table refuses with 409, leaving it unchanged.
 */
function finish(
  model: Model,
  verification: VerificationRecord,
  outcome: { claims: JsonObject } | { failureCode: FailureCode },
  note: () => void,
): void {
  const current = model.verifications.findForProtocol(verification.id);
  // Still open: the transcript is this answer's (one that lost the race leaves none).
  if (current && (current.status === "pending" || current.status === "in_progress")) note();
  if ("claims" in outcome)
    model.verifications.applyTrigger(verification.id, "presentation_verified", {
      claims: outcome.claims,
    });
  else
    model.verifications.applyTrigger(verification.id, "presentation_failed", {
      failureCode: outcome.failureCode,
    });
  model.protocol.dropResponseKey(verification.tenant, dcApiKeyName(verification.id));
}

const invalid = (field: string, rule: string) => validationError(`${field}: ${rule}`, { field });
