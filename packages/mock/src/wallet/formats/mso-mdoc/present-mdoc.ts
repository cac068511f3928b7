import { createPrivateKey, sign } from "node:crypto";
import { deviceAuthenticationBytes } from "./device-authentication.js";
import type { HeldMdoc } from "./held-mdoc.js";
import type { MdocWalletBinding } from "./mdoc-binding.js";
import type { MdocTamper } from "./mdoc-tamper.js";
import { type Tagged, tag24, untag24, walletCborEncode } from "./wallet-cbor.js";

export interface PresentMdocOptions {
  /** Elements to leave out although asked for (`[namespace, element]`). */
  omit?: readonly (readonly [string, string])[];
  tamper?: MdocTamper;
  /** Sign over another binding's transcript than the request's (another nonce, origin, …). */
  signFor?: MdocWalletBinding;
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
  binding: MdocWalletBinding,
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

  const deviceNameSpaces = tag24(new Map());
  const deviceSignature = signDetached(
    deviceAuthenticationBytes(options.signFor ?? binding, held.docType, deviceNameSpaces),
    held,
  );
  if (options.tamper === "device_signature") deviceSignature[3] = flipped(deviceSignature[3]);

  return walletCborEncode(
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

/** COSE_Sign1 with ES256 in the protected header, the payload detached (null). */
function signDetached(
  payload: Uint8Array,
  held: HeldMdoc,
): [Uint8Array, Map<number, unknown>, null, Uint8Array] {
  const protectedHeader = walletCborEncode(new Map([[1, -7]]));
  const toBeSigned = walletCborEncode(["Signature1", protectedHeader, new Uint8Array(0), payload]);
  const key = createPrivateKey({ key: held.holderPrivateJwk as never, format: "jwk" });
  const signature = sign("sha256", toBeSigned, { key, dsaEncoding: "ieee-p1363" });
  return [protectedHeader, new Map(), null, new Uint8Array(signature)];
}

const flipped = (bytes: Uint8Array) => {
  const copy = new Uint8Array(bytes);
  copy[copy.length - 1]! ^= 0x01;
  return copy;
};

/** The item with another value under the same digest ID: its digest no longer matches. */
function withValue(item: Tagged & { value: Uint8Array }, value: unknown): Tagged {
  const decoded = untag24(item) as Map<string, unknown>;
  const changed =
    typeof value === "boolean"
      ? !value
      : typeof value === "number"
        ? value + 1
        : `${String(value)}!`;
  decoded.set("elementValue", changed);
  return tag24(decoded);
}

/** The item, unchanged, but claiming the digest ID of another element the issuer signed. */
function withOtherDigestId(item: Tagged & { value: Uint8Array }, held: HeldMdoc): Tagged {
  const decoded = untag24(item) as Map<string, unknown>;
  const other = held.elements.find((e) => e.digestID !== decoded.get("digestID"));
  decoded.set("digestID", other ? other.digestID : (decoded.get("digestID") as number) + 1);
  return tag24(decoded);
}
