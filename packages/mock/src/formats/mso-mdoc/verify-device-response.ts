import { createHash, X509Certificate } from "node:crypto";
import { chainProblem } from "../../x509/certificate-chain.js";
import {
  cborDecodeUntrusted,
  cborEncode,
  decodeEmbedded,
  embeddedBytes,
  isEmbedded,
} from "./cbor.js";
import { jwkFromCoseKey, readCoseSign1, verifyCoseSign1, x5chainOf } from "./cose.js";
import { jsonValueOf } from "./element-values.js";
import { type MdocFailure, MdocInputError, mdocFailure } from "./mdoc-errors.js";
import type { MdocBinding } from "./presentation-binding.js";
import { sessionTranscriptBytes, sessionTranscriptFor } from "./session-transcript.js";

/** One element the verifier asks for: `[namespace, element]` and, optionally, the values it accepts. */
export interface MdocClaimRequest {
  path: [string, string];
  values?: readonly unknown[];
}

export interface MdocVerifyContext {
  /** What the presentation must be bound to: the session transcript the device signed. */
  binding: MdocBinding;
  /**
   * The other bindings this verification could have had (another channel's handover, another of
   * its expected origins): a device signature over one of them is a `transcript` failure, told
   * apart from one that verifies over no transcript the verifier knows (`device_signature`).
   */
  otherBindings?: readonly MdocBinding[];
  /** The doctypes the policy accepts. */
  docTypes: readonly string[];
  /** The elements the policy requires, each once. */
  claims: readonly MdocClaimRequest[];
  /** The document signer's `x5chain` must end at one of these (the test CA) or of {@link otherIssuerRoots}. */
  trustedRoots: readonly X509Certificate[];
  /**
   * Roots of other issuers (the model's `trustedIssuers`): a document signer under one of them is
   * trusted too, but its MSO's status reference, on that issuer's list, is not read.
   */
  otherIssuerRoots?: readonly X509Certificate[];
  /** The service's clock, for the MSO's own times (it set them). */
  now: Date;
  /** Real time, for certificates (the wallet's world, not a shifted clock). */
  certificateNow: Date;
  /**
   * The status of the MSO's `status.status_list` reference, or why it cannot be read. Absent: the
   * status is not looked at (a second implementation's mdoc, issued elsewhere, has none of ours).
   */
  statusOf?: (reference: {
    uri: unknown;
    idx: unknown;
  }) => { ok: true; status: number } | { ok: false; reason: string };
}

export type MdocVerifyOutcome =
  | {
      ok: true;
      docType: string;
      /** The requested elements, keeping their namespaces: `{ namespace: { element: value } }`. */
      claims: Record<string, Record<string, unknown>>;
    }
  | { ok: false; failure: MdocFailure };

const STATUS_INVALID = 1;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();

/**
 * Verifies a `DeviceResponse` (ISO/IEC 18013-5 §9.3, as OpenID4VP 1.0 Appendix B.2 and ISO/IEC
 * 18013-7 Annex C carry it) for one verification. In order: its shape; a document of a doctype the
 * policy asks for; the issuer's signature over the MSO with the `x5chain` leaf, and that chain to a
 * trusted root; the MSO's doctype; each disclosed item's digest; the device signature over
 * `DeviceAuthentication` with this binding's session transcript; the MSO's validity; its status;
 * then each requested element present with an accepted value. The first broken rule is the answer.
 */
export function verifyDeviceResponse(
  deviceResponse: Uint8Array,
  ctx: MdocVerifyContext,
): MdocVerifyOutcome {
  try {
    return verifyOrThrow(deviceResponse, ctx);
  } catch (error) {
    if (error instanceof MdocInputError)
      return { ok: false, failure: mdocFailure("malformed", error.message) };
    throw error;
  }
}

const refuse = (...args: Parameters<typeof mdocFailure>): MdocVerifyOutcome => ({
  ok: false,
  failure: mdocFailure(...args),
});

function verifyOrThrow(bytes: Uint8Array, ctx: MdocVerifyContext): MdocVerifyOutcome {
  const response = asMap(cborDecodeUntrusted(bytes, "the DeviceResponse"), "the DeviceResponse");
  if (response.get("version") !== "1.0")
    throw new MdocInputError("the DeviceResponse version is not 1.0");
  if (response.get("status") !== 0)
    throw new MdocInputError("the DeviceResponse status is not 0 (OK)");
  const documents = response.get("documents");
  if (!Array.isArray(documents) || documents.length === 0)
    throw new MdocInputError("the DeviceResponse holds no documents");
  const docs = documents.map((d, i) => asMap(d, `documents[${i}]`));
  const document = docs.find((d) => ctx.docTypes.includes(d.get("docType") as string));
  if (!document)
    return refuse("doctype", `a document of doctype ${ctx.docTypes.join(" or ")} was expected`);
  const docType = document.get("docType") as string;

  // The issuer: signature over the MSO by the x5chain leaf, then the chain to a trusted root.
  const issuerSigned = asMap(document.get("issuerSigned"), "issuerSigned");
  const issuerAuth = readCoseSign1(issuerSigned.get("issuerAuth"), "issuerAuth");
  const chain = x5chainOf(issuerAuth);
  if (!chain) return refuse("issuer_not_trusted", "issuerAuth carries no x5chain");
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(chain[0]!);
  } catch {
    throw new MdocInputError("the x5chain leaf is not a DER certificate");
  }
  if (!verifyCoseSign1(issuerAuth, leaf.publicKey))
    return refuse("issuer_signature", "the issuer signature over the MSO does not verify");
  const x5c = chain.map((der) => Buffer.from(der).toString("base64"));
  const roots = [...ctx.trustedRoots, ...(ctx.otherIssuerRoots ?? [])];
  const problem = chainProblem(x5c, roots, ctx.certificateNow);
  if (problem)
    return refuse("issuer_not_trusted", `the document signer is not trusted: ${problem}`);
  // Another issuer's mdoc names its own status list, which this verifier does not read.
  const ownIssuer = chainProblem(x5c, [...ctx.trustedRoots], ctx.certificateNow) === undefined;

  const mso = asMap(
    decodeEmbedded(cborDecodeUntrusted(issuerAuth.payload!, "the MSO"), "the MSO"),
    "the MSO",
  );
  if (mso.get("digestAlgorithm") !== "SHA-256")
    throw new MdocInputError("the MSO's digestAlgorithm is not SHA-256");
  if (mso.get("docType") !== docType)
    return refuse("doctype", "the MSO was issued for another doctype than the document names");

  // Every disclosed item must be the one the issuer digested.
  const valueDigests = asMap(mso.get("valueDigests"), "valueDigests");
  const disclosed = new Map<string, Map<string, unknown>>();
  const nameSpaces = issuerSigned.get("nameSpaces") ?? new Map();
  for (const [namespace, items] of asMap(nameSpaces, "issuerSigned.nameSpaces")) {
    if (typeof namespace !== "string" || !Array.isArray(items))
      throw new MdocInputError("issuerSigned.nameSpaces is not namespace → items");
    const digests = valueDigests.get(namespace);
    const elements = new Map<string, unknown>();
    for (const tagged of items) {
      if (!isEmbedded(tagged)) throw new MdocInputError("an IssuerSignedItem is not tag 24");
      const item = asMap(decodeEmbedded(tagged, "an IssuerSignedItem"), "an IssuerSignedItem");
      const id = item.get("digestID");
      const element = item.get("elementIdentifier");
      if (typeof id !== "number" || typeof element !== "string" || !item.has("elementValue"))
        throw new MdocInputError(
          "an IssuerSignedItem lacks digestID, elementIdentifier or elementValue",
        );
      const expected = digests instanceof Map ? digests.get(id) : undefined;
      if (
        !(expected instanceof Uint8Array) ||
        !sha256(embeddedBytes(tagged.value)).equals(expected)
      )
        return refuse("digest", "a disclosed element does not match the digest the issuer signed", [
          namespace,
          element,
        ]);
      elements.set(element, item.get("elementValue"));
    }
    disclosed.set(namespace, elements);
  }

  // The holder: the device key the MSO names signed this verification's session transcript.
  const deviceKeyInfo = asMap(mso.get("deviceKeyInfo"), "deviceKeyInfo");
  const deviceKey = jwkFromCoseKey(deviceKeyInfo.get("deviceKey"), "deviceKeyInfo.deviceKey");
  const deviceSigned = asMap(document.get("deviceSigned"), "deviceSigned");
  const deviceNameSpaces = deviceSigned.get("nameSpaces");
  if (!isEmbedded(deviceNameSpaces))
    throw new MdocInputError("deviceSigned.nameSpaces is not tag 24");
  const deviceAuth = asMap(deviceSigned.get("deviceAuth"), "deviceAuth");
  if (!deviceAuth.has("deviceSignature"))
    return refuse(
      "device_signature",
      "deviceAuth carries no deviceSignature (deviceMac is not accepted here)",
    );
  const deviceSignature = readCoseSign1(deviceAuth.get("deviceSignature"), "deviceSignature");
  const deviceAuthentication = (binding: MdocBinding) =>
    embeddedBytes(
      cborEncode([
        "DeviceAuthentication",
        sessionTranscriptFor(binding),
        docType,
        deviceNameSpaces,
      ]),
    );
  if (deviceSignature.payload !== null)
    throw new MdocInputError("the deviceSignature payload must be detached (null)");
  const accepted = bindingsOf(ctx.binding);
  if (
    !accepted.some((binding) =>
      verifyCoseSign1(deviceSignature, deviceKey, deviceAuthentication(binding)),
    )
  ) {
    const signedFor = transcriptAlternatives(ctx.binding, accepted, ctx.otherBindings ?? []).find(
      (binding) => verifyCoseSign1(deviceSignature, deviceKey, deviceAuthentication(binding)),
    );
    return signedFor
      ? refuse("transcript", transcriptDifference(ctx.binding, signedFor))
      : refuse(
          "device_signature",
          `the device signature does not verify over this verification's session transcript (${bindingSummary(ctx.binding)})`,
        );
  }

  // The MSO's own validity, on the service's clock.
  const validity = asMap(mso.get("validityInfo"), "validityInfo");
  const validFrom = validity.get("validFrom");
  const validUntil = validity.get("validUntil");
  if (!(validFrom instanceof Date) || !(validUntil instanceof Date))
    throw new MdocInputError("validityInfo lacks validFrom or validUntil as tdate");
  if (ctx.now < validFrom)
    return refuse("credential_not_yet_valid", "the mdoc is not valid yet (validFrom)");
  if (ctx.now >= validUntil)
    return refuse("credential_expired", "the mdoc has expired (validUntil)");

  if (ctx.statusOf && ownIssuer) {
    const status = mso.get("status");
    const list = status instanceof Map ? status.get("status_list") : undefined;
    if (!(list instanceof Map)) return refuse("status_unknown", "the MSO has no status reference");
    const read = ctx.statusOf({ uri: list.get("uri"), idx: list.get("idx") });
    if (!read.ok) return refuse("status_unknown", read.reason);
    if (read.status === STATUS_INVALID) return refuse("status_revoked", "the mdoc was revoked");
  }

  const claims: Record<string, Record<string, unknown>> = {};
  for (const { path, values } of ctx.claims) {
    const [namespace, element] = path;
    const elements = disclosed.get(namespace);
    if (!elements?.has(element))
      return refuse("claim_missing", `${namespace}/${element} was not disclosed`, [
        namespace,
        element,
      ]);
    const value = jsonValueOf(elements.get(element));
    // The message names the element, never its value: claims are personal data.
    if (values && !values.some((allowed) => allowed === value))
      return refuse(
        "claim_value",
        `${namespace}/${element} does not have a value the policy requires`,
        [namespace, element],
      );
    claims[namespace] ??= {};
    claims[namespace][element] = value;
  }
  return { ok: true, docType, claims };
}

function asMap(value: unknown, what: string): Map<unknown, unknown> {
  if (!(value instanceof Map)) throw new MdocInputError(`${what} is not a CBOR map`);
  return value;
}

/**
 * The bindings a presentation may hold for: the binding, and over the DC API the same with each
 * other expected origin (the browser told the wallet the page's origin, not the verifier).
 */
const bindingsOf = (binding: MdocBinding): MdocBinding[] =>
  binding.channel === "dc-api"
    ? [binding, ...(binding.otherOrigins ?? []).map((origin) => ({ ...binding, origin }))]
    : [binding];

/**
 * The transcripts a device signature is tried over once it verifies over none of the accepted
 * ones: the verification's other bindings, and the expected one without its key's thumbprint (a
 * wallet that forgot an encrypted answer's handover names the key, OpenID4VP 1.0 B.2.6). Those
 * with the same transcript as an accepted binding are left out.
 */
function transcriptAlternatives(
  expected: MdocBinding,
  accepted: readonly MdocBinding[],
  others: readonly MdocBinding[],
): MdocBinding[] {
  const withoutThumbprint = (binding: MdocBinding): MdocBinding[] => {
    if (binding.channel === "annex-c" || binding.jwkThumbprint === undefined) return [];
    const { jwkThumbprint: _, ...rest } = binding;
    return [rest];
  };
  const seen = new Set(accepted.map(transcriptKey));
  return [...withoutThumbprint(expected), ...others, ...others.flatMap(withoutThumbprint)].filter(
    (binding) => {
      const key = transcriptKey(binding);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
  );
}

const transcriptKey = (binding: MdocBinding) =>
  Buffer.from(sessionTranscriptBytes(binding)).toString("base64");

/** A binding's handover by name, as a developer reads it in a spec. */
const HANDOVER_NAMES: Record<MdocBinding["channel"], string> = {
  redirect: "the redirect flow's handover (OpenID4VPHandover)",
  "dc-api": "the Digital Credentials API's OpenID4VP handover (OpenID4VPDCAPIHandover)",
  "annex-c": "Annex C's handover (dcapi)",
};

/**
 * What differs between the transcript expected and the one the device signed: the channel, the
 * origin (an expected origin: the verifier's own configuration, not the holder's), or the
 * thumbprint of the key an encrypted answer's handover names. Never a nonce or a key.
 */
function transcriptDifference(expected: MdocBinding, signed: MdocBinding): string {
  const prefix = "the device signed the session transcript";
  if (signed.channel !== expected.channel)
    return `${prefix} of ${HANDOVER_NAMES[signed.channel]}, not ${HANDOVER_NAMES[expected.channel]} over which this answer came`;
  if ("origin" in signed && "origin" in expected && signed.origin !== expected.origin)
    return `${prefix} for another expected origin (${signed.origin}) than the one the answer came from (${expected.origin})`;
  return `${prefix} of ${HANDOVER_NAMES[signed.channel]} without the thumbprint of the key the answer was encrypted to (as for an unencrypted answer); an encrypted answer's handover names that key`;
}

/** Which transcript was expected, by its inputs' names (never the values: the nonce is a secret of sorts). */
const bindingSummary = (binding: MdocBinding) =>
  binding.channel === "redirect"
    ? "OpenID4VPHandover over client_id, nonce and response_uri"
    : binding.channel === "dc-api"
      ? "OpenID4VPDCAPIHandover over origin and nonce"
      : "Annex C dcapi handover over encryptionInfo and origin";
