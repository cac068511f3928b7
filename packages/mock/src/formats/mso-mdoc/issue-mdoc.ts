import { createHash, randomBytes, randomInt } from "node:crypto";
import type { JWK } from "jose";
import { cborEncode, embedded, embeddedBytes, Tagged } from "./cbor.js";
import { coseKeyFromJwk, signCoseSign1 } from "./cose.js";
import { elementValueOf } from "./element-values.js";

/** What the issuer puts in an mdoc (ISO/IEC 18013-5 §9.1.2). */
export interface MdocIssueInput {
  docType: string;
  /** Elements by namespace, the offer's nested claims: `{ "eu.europa.ec.av.1": { age_over_18: true } }`. */
  nameSpaces: Record<string, Record<string, unknown>>;
  /** The holder's key from the credential request's proof: the MSO's `deviceKeyInfo.deviceKey`. */
  holderPublicJwk: JWK;
  signed: Date;
  validFrom: Date;
  validUntil: Date;
  /** The Token Status List reference (draft-ietf-oauth-status-list §6.3 for mdocs). */
  status?: { idx: number; uri: string };
  /** The document signer: its private key and its certificate chain (DER, standard base64), leaf first. */
  signer: { privateJwk: JWK; x5chain: string[] };
}

/** `tdate` (RFC 8949 §3.4.1, tag 0) without fractional seconds, as ISO/IEC 18013-5 §9.1.2.4 asks. */
const tdate = (date: Date) => new Tagged(0, date.toISOString().replace(/\.\d{3}Z$/, "Z"));

/**
 * Issues an mdoc's `IssuerSigned` (ISO/IEC 18013-5 §8.3.2.1.2.2): one `IssuerSignedItem` per
 * element, each with 16 random bytes and a digest ID drawn at random (so the IDs say nothing of the
 * order or number of elements), and the MSO signed by the document signer as a COSE_Sign1 with
 * `x5chain`. Returns the CBOR bytes; OpenID4VCI carries them base64url.
 */
export function issueMdoc(input: MdocIssueInput): Uint8Array {
  const nameSpaces = new Map<string, Tagged[]>();
  const valueDigests = new Map<string, Map<number, Uint8Array>>();
  for (const [namespace, elements] of Object.entries(input.nameSpaces)) {
    const ids = uniqueRandomIds(Object.keys(elements).length);
    const items: Tagged[] = [];
    const digests = new Map<number, Uint8Array>();
    Object.entries(elements).forEach(([elementIdentifier, value], i) => {
      const item = embedded(
        new Map<string, unknown>([
          ["digestID", ids[i]],
          ["random", new Uint8Array(randomBytes(16))],
          ["elementIdentifier", elementIdentifier],
          ["elementValue", elementValueOf(value)],
        ]),
      );
      items.push(item);
      digests.set(ids[i]!, sha256(embeddedBytes(item.value as Uint8Array)));
    });
    nameSpaces.set(namespace, items);
    valueDigests.set(namespace, digests);
  }
  const mso = new Map<string, unknown>([
    ["version", "1.0"],
    ["digestAlgorithm", "SHA-256"],
    ["valueDigests", valueDigests],
    ["deviceKeyInfo", new Map([["deviceKey", coseKeyFromJwk(input.holderPublicJwk)]])],
    ["docType", input.docType],
    [
      "validityInfo",
      new Map([
        ["signed", tdate(input.signed)],
        ["validFrom", tdate(input.validFrom)],
        ["validUntil", tdate(input.validUntil)],
      ]),
    ],
  ]);
  if (input.status)
    mso.set("status", { status_list: { idx: input.status.idx, uri: input.status.uri } });
  const issuerAuth = signCoseSign1(cborEncode(embedded(mso)), input.signer.privateJwk, {
    x5chain: input.signer.x5chain.map((der) => new Uint8Array(Buffer.from(der, "base64"))),
  });
  return cborEncode(
    new Map<string, unknown>([
      ["nameSpaces", nameSpaces],
      ["issuerAuth", issuerAuth],
    ]),
  );
}

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash("sha256").update(bytes).digest());

function uniqueRandomIds(count: number): number[] {
  const ids = new Set<number>();
  while (ids.size < count) ids.add(randomInt(0, 2 ** 31 - 1));
  return [...ids];
}
