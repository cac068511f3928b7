import { TestWalletError } from "../../test-wallet-error.js";
import type { HeldMdocCredential } from "../../types.js";
import type { HolderFormat } from "../holder-format.js";
import { holdMdoc, namespacesOf } from "./held-mdoc.js";
import type { MdocWalletBinding } from "./mdoc-binding.js";
import { presentMdoc } from "./present-mdoc.js";
import { walletCborDecode, walletCborEncode } from "./wallet-cbor.js";

/** mdoc (`mso_mdoc`) in the wallet: presented as a base64url `DeviceResponse`. */
export const msoMdocHolderFormat: HolderFormat = {
  id: "mso_mdoc",
  hold: async (issued, title) => {
    // The holder key is only needed to present; reading the credential needs none.
    const held = holdMdoc(issued, {});
    const credential: HeldMdocCredential = {
      mdoc: issued,
      format: "mso_mdoc",
      docType: held.docType,
      claims: namespacesOf(held),
      ...(title ? { title } : {}),
    };
    return credential;
  },
  queriedTypes: (query) => {
    const doctype = query.meta?.doctype_value;
    return typeof doctype === "string" ? [doctype] : [];
  },
  fits: (credential, query) =>
    credential.format === "mso_mdoc" &&
    (query.meta?.doctype_value === undefined || query.meta.doctype_value === credential.docType) &&
    (query.claims ?? []).every(({ path }) => credential.claims[path[0]!]?.[path[1]!] !== undefined),
  present: async (credential, options) => {
    if (credential.format !== "mso_mdoc") throw new TypeError("test wallet: not an mdoc");
    if (options.tamper === "sd_hash" || options.tamper === "stale")
      throw new TestWalletError(
        `test wallet: tamper "${options.tamper}" breaks an SD-JWT VC's key binding (${options.tamper === "sd_hash" ? "its sd_hash" : "its iat"}); an mdoc has none (its device signs the session transcript: tamper "nonce", "audience" or "handover")`,
      );
    const held = holdMdoc(credential.mdoc, options.holderPrivateJwk);
    const elements = options.paths
      .filter((path) => path.length === 2)
      .map((path) => [path[0]!, path[1]!] as const);
    const response = presentMdoc(held, elements, options.binding, {
      ...(options.tamper === "signature" ? { tamper: "device_signature" as const } : {}),
      ...(options.tamper === "disclosure" ? { tamper: "element_value" as const } : {}),
      ...(options.tamper === "nonce" ? { signFor: anotherRequest(options.binding) } : {}),
      ...(options.tamper === "audience" ? { signFor: anotherAudience(options.binding) } : {}),
      ...(options.tamper === "handover" ? { signFor: anotherHandover(options.binding) } : {}),
    });
    return Buffer.from(response).toString("base64url");
  },
};

/**
 * The binding of another verifier: another client_id and response URI (redirect), another page
 * origin (DC API, Annex C). No verifier knows it: `device_signature`.
 */
function anotherAudience(binding: MdocWalletBinding): MdocWalletBinding {
  if (binding.channel !== "redirect") return { ...binding, origin: "https://attacker.example" };
  return {
    ...binding,
    clientId: "redirect_uri:https://attacker.example/cb",
    responseUri: "https://attacker.example/cb",
  };
}

/**
 * Another handover of the same request, as a wallet that mixes them up signs: over Annex C, the
 * OpenID4VP DC API handover for the same origin and nonce; over an encrypted OpenID4VP answer
 * (`direct_post.jwt`, `dc_api.jwt`), the handover without the key's thumbprint. The verifier
 * knows both (`transcript`). An unencrypted OpenID4VP answer has no other handover this wallet
 * could know the verifier expects: refused.
 */
function anotherHandover(binding: MdocWalletBinding): MdocWalletBinding {
  if (binding.channel === "annex-c") {
    const info = walletCborDecode(Buffer.from(binding.encryptionInfo, "base64url")) as [
      string,
      Map<string, unknown>,
    ];
    const nonce = info[1].get("nonce");
    if (!(nonce instanceof Uint8Array))
      throw new TestWalletError("test wallet: the encryptionInfo carries no nonce");
    return {
      channel: "dc-api",
      origin: binding.origin,
      nonce: Buffer.from(nonce).toString("utf8"),
    };
  }
  if (binding.jwkThumbprint === undefined)
    throw new TestWalletError(
      'test wallet: tamper "handover" needs an Annex C request or an encrypted answer (direct_post.jwt, dc_api.jwt): an unencrypted OpenID4VP answer has no other handover the verifier would know',
    );
  const { jwkThumbprint: _, ...unencrypted } = binding;
  return unencrypted;
}

/**
 * The binding of another request than this one: another nonce, or under Annex C another
 * `encryptionInfo` (its nonce is inside it).
 */
function anotherRequest(binding: MdocWalletBinding): MdocWalletBinding {
  if (binding.channel !== "annex-c") return { ...binding, nonce: "not-the-verifier-nonce" };
  const info = walletCborDecode(Buffer.from(binding.encryptionInfo, "base64url")) as [
    string,
    Map<string, unknown>,
  ];
  info[1].set("nonce", new Uint8Array(16));
  return {
    ...binding,
    encryptionInfo: Buffer.from(walletCborEncode(info)).toString("base64url"),
  };
}
