import {
  cborEncode,
  decodeEmbedded,
  embedded,
  embeddedBytes,
  type Tagged,
} from "../../../formats/mso-mdoc/cbor.js";
import { signCoseSign1 } from "../../../formats/mso-mdoc/cose.js";
import { elementValueOf } from "../../../formats/mso-mdoc/element-values.js";
import type { MdocBinding } from "../../../formats/mso-mdoc/presentation-binding.js";
import { sessionTranscriptFor } from "../../../formats/mso-mdoc/session-transcript.js";
import type { HeldMdoc } from "./held-mdoc.js";
import type { MdocTamper } from "./mdoc-tamper.js";

export interface PresentMdocOptions {
  /** Elements to leave out although asked for (`[namespace, element]`). */
  omit?: readonly (readonly [string, string])[];
  tamper?: MdocTamper;
  /** Sign over another binding's transcript than the request's (another nonce, origin, …). */
  signFor?: MdocBinding;
}

/**
 * The wallet's `DeviceResponse` (ISO/IEC 18013-5 §8.3.2.1.2.2) for the elements asked for, and
 * only those (selective disclosure: items not asked for stay in the wallet), with a device
 * signature over `DeviceAuthentication` for the binding's session transcript and empty
 * device-signed namespaces.
 */
export function presentMdoc(
  held: HeldMdoc,
  requested: readonly (readonly [string, string])[],
  binding: MdocBinding,
  options: PresentMdocOptions = {},
): Uint8Array {
  const wanted = requested.filter(
    ([ns, el]) => !options.omit?.some(([ons, oel]) => ons === ns && oel === el),
  );
  const nameSpaces = new Map<string, Tagged[]>();
  const chosen = held.elements.filter((e) =>
    wanted.some(([ns, el]) => ns === e.namespace && el === e.elementIdentifier),
  );
  chosen.forEach((element, i) => {
    let item: Tagged = element.item;
    if (options.tamper === "element_value" && i === 0)
      item = withValue(element.item, element.value);
    if (options.tamper === "digest_id" && i === 0) item = withOtherDigestId(element.item, held);
    const list = nameSpaces.get(element.namespace) ?? [];
    list.push(item);
    nameSpaces.set(element.namespace, list);
  });

  const issuerAuth = [...held.issuerAuth];
  if (options.tamper === "issuer_signature") issuerAuth[3] = flipped(issuerAuth[3] as Uint8Array);

  const deviceNameSpaces = embedded(new Map());
  const deviceAuthentication = embeddedBytes(
    cborEncode([
      "DeviceAuthentication",
      sessionTranscriptFor(options.signFor ?? binding),
      held.docType,
      deviceNameSpaces,
    ]),
  );
  const deviceSignature = signCoseSign1(deviceAuthentication, held.holderPrivateJwk, {
    detached: true,
  });
  if (options.tamper === "device_signature") deviceSignature[3] = flipped(deviceSignature[3]);

  return cborEncode(
    new Map<string, unknown>([
      ["version", "1.0"],
      [
        "documents",
        [
          new Map<string, unknown>([
            ["docType", held.docType],
            [
              "issuerSigned",
              new Map<string, unknown>([
                ["nameSpaces", nameSpaces],
                ["issuerAuth", issuerAuth],
              ]),
            ],
            [
              "deviceSigned",
              new Map<string, unknown>([
                ["nameSpaces", deviceNameSpaces],
                ["deviceAuth", new Map([["deviceSignature", deviceSignature]])],
              ]),
            ],
          ]),
        ],
      ],
      ["status", 0],
    ]),
  );
}

const flipped = (bytes: Uint8Array) => {
  const copy = new Uint8Array(bytes);
  copy[copy.length - 1]! ^= 0x01;
  return copy;
};

/** The item with another value under the same digest ID: its digest no longer matches. */
function withValue(item: Tagged & { value: Uint8Array }, value: unknown): Tagged {
  const decoded = decodeEmbedded(item, "an IssuerSignedItem") as Map<string, unknown>;
  const changed =
    typeof value === "boolean"
      ? !value
      : typeof value === "number"
        ? value + 1
        : `${String(value)}!`;
  decoded.set("elementValue", elementValueOf(changed));
  return embedded(decoded);
}

/** The item, unchanged, but claiming the digest ID of another element the issuer signed. */
function withOtherDigestId(item: Tagged & { value: Uint8Array }, held: HeldMdoc): Tagged {
  const decoded = decodeEmbedded(item, "an IssuerSignedItem") as Map<string, unknown>;
  const other = held.elements.find((e) => e.digestID !== decoded.get("digestID"));
  decoded.set("digestID", other ? other.digestID : (decoded.get("digestID") as number) + 1);
  return embedded(decoded);
}
