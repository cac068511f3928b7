import { dcApiResponseBody } from "@credport/core/contract";
import type { DcqlQuery } from "dcql";
import { decodeJwt } from "jose";
import { validationError } from "../../model/infrastructure/errors.js";
import { parseInput } from "../../model/infrastructure/input.js";
import type { Model } from "../../model/model.js";
import type { VerificationRecord } from "../../model/records/verification-record.js";
import { readAuthorizationResponse } from "../authorization-response.js";
import { readEncryptedResponse } from "../encrypted-response.js";
import { readAnnexCAnswer } from "./annex-c-answer.js";
import { annexCDocRequests } from "./annex-c-request.js";
import { dcApiBinding } from "./dc-api-bindings.js";
import {
  DC_API_SIGNED,
  DC_API_UNSIGNED,
  dcApiKeyName,
  ORG_ISO_MDOC,
  ORIGIN_AUDIENCE_PREFIX,
} from "./dc-api-protocols.js";
import type { DcApiReading } from "./dc-api-reading.js";

/** What a page posts: the `DigitalCredential`'s `protocol` and `data`, unchanged. */
export interface DcApiPost {
  protocol: string;
  data: Record<string, unknown>;
}

/** The one member of `data` an OpenID4VP answer through the DC API has (Appendix A.3, A.4). */
const ANSWER_MEMBERS = ["response", "vp_token", "error"] as const;

/**
 * The DC API protocols a verification's `dc_api_requests` offered: OpenID4VP, and Annex C when its
 * query asks for an mdoc.
 */
export function requestedProtocols(
  model: Model,
  verification: VerificationRecord,
  query: DcqlQuery,
): string[] {
  if (!verification.expectedOrigins) return [];
  const openid4vp = model.profile === "haip" ? DC_API_SIGNED : DC_API_UNSIGNED;
  return annexCDocRequests(query).length > 0 ? [openid4vp, ORG_ISO_MDOC] : [openid4vp];
}

/** The members an answer's `data` may hold, one of them: Annex C's answer is always sealed. */
const membersOf = (protocol: string): readonly string[] =>
  protocol === ORG_ISO_MDOC ? ["response", "error"] : ANSWER_MEMBERS;

/**
 * Reads a posted body: `{ protocol, data }`, `protocol` one this verification requested and `data`
 * an object with exactly one of `response` (encrypted), `vp_token` or `error`. Anything else is
 * the page's mistake, not a verdict on the holder: 400 `validation_error` naming the field, the
 * verification unchanged.
 */
export function readDcApiPost(
  model: Model,
  verification: VerificationRecord,
  body: unknown,
  query: DcqlQuery,
): DcApiPost {
  const { protocol, data } = parseInput(dcApiResponseBody, body);
  const requested = requestedProtocols(model, verification, query);
  if (!requested.includes(protocol))
    throw invalid(
      "protocol",
      requested.length === 0
        ? "this verification made no Digital Credentials API request (create it with expected_origins)"
        : `must be a protocol this verification requested: ${requested.join(", ")}`,
    );
  const allowed = membersOf(protocol);
  const members = ANSWER_MEMBERS.filter((name) => Object.hasOwn(data, name));
  if (members.length !== 1 || !allowed.includes(members[0]!))
    throw invalid("data", `must hold exactly one of ${allowed.join(", ")}`);
  return { protocol, data };
}

/**
 * Reads the answer inside a posted body: the wallet's `error` (encrypted or not: it discloses
 * nothing), or presentations keyed by credential query with the binding this channel vouches for —
 * the origin the browser named to the wallet, which must be one of `expected_origins`, the nonce,
 * and under `dc_api.jwt` the thumbprint of the key the answer was encrypted to.
 */
export async function readDcApiAnswer(
  model: Model,
  verification: VerificationRecord,
  post: DcApiPost,
  query: DcqlQuery,
): Promise<DcApiReading> {
  const { data } = post;
  const form = ANSWER_MEMBERS.find((name) => Object.hasOwn(data, name))!;
  const unreadable = (reason: string, check: "format" | "decryption" = "format"): DcApiReading => ({
    ok: false,
    reason,
    form,
    check,
  });
  if (form === "error")
    return { ok: true, answer: { kind: "error", error: String(data.error) }, form };
  if (post.protocol === ORG_ISO_MDOC)
    return readAnnexCAnswer(model, verification, data.response, query);
  const key =
    model.profile === "haip"
      ? model.protocol.verifier.responseKey(verification.tenant, dcApiKeyName(verification.id))
      : undefined;
  let params: Map<string, string>;
  if (form === "response") {
    if (typeof data.response !== "string") return unreadable("data.response is not a JWE");
    const read = await readEncryptedResponse(new Map([["response", data.response]]), key);
    if (!read.ok) return unreadable(read.refusal.description, "decryption");
    params = read.params;
  } else {
    if (model.profile === "haip")
      return unreadable(
        "this verifier asks for dc_api.jwt: the vp_token came unencrypted",
        "decryption",
      );
    params = new Map([["vp_token", JSON.stringify(data.vp_token)]]);
  }
  // The redirect flow's reading of vp_token and error; the DC API has no state: the browser is
  // the channel, so the answer is read as if it carried this request's.
  params.set("state", verification.id);
  const read = readAuthorizationResponse(params, { state: verification.id, query });
  if (!read.ok) return unreadable(read.refusal.description);
  if (read.response.kind === "error") return { ok: true, answer: read.response, form };
  const origins = verification.expectedOrigins ?? [];
  const named = namedOrigin(read.response.presentations, origins);
  const origin = named ?? origins[0] ?? "";
  return {
    ok: true,
    form,
    answer: {
      kind: "vp_token",
      presentations: read.response.presentations,
      binding: {
        ...(await dcApiBinding(model, verification, origin)),
        // Named by no presentation (an mdoc's transcript holds only its hash): any expected one.
        ...(named === undefined && origins.length > 1
          ? { otherOrigins: origins.filter((o) => o !== origin) }
          : {}),
      },
    },
  };
}

/**
 * The page origin the answer names. The browser told the wallet, not the verifier: with one
 * expected origin it is that one; with several, the one a key-binding JWT names (an SD-JWT VC's
 * `aud`, read unverified: the format checks it against this binding). `undefined` when no
 * presentation names one in the clear (mdoc): then the format checks each expected origin.
 */
function namedOrigin(
  presentations: Record<string, string[]>,
  origins: string[],
): string | undefined {
  if (origins.length <= 1) return origins[0];
  for (const list of Object.values(presentations))
    for (const presentation of list) {
      try {
        const aud = decodeJwt(presentation.slice(presentation.lastIndexOf("~") + 1)).aud;
        const named = typeof aud === "string" ? aud.slice(ORIGIN_AUDIENCE_PREFIX.length) : "";
        if (
          typeof aud === "string" &&
          aud.startsWith(ORIGIN_AUDIENCE_PREFIX) &&
          origins.includes(named)
        )
          return named;
      } catch {
        // Not a JWT at the end: not a key binding that names an origin.
      }
    }
  return undefined;
}

const invalid = (field: string, rule: string) => validationError(`${field}: ${rule}`, { field });
