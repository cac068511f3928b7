import type { HeldCredential } from "@credport/mock/wallet";
import { CoseKey, DeviceKey, Issuer as MdocIssuer, SignatureAlgorithm } from "@owf/mdoc";
import { importJWK, type JWK, SignJWT } from "jose";
import { owfContext } from "../../../../../packages/mock/test/support/owf-mdoc-context.js";
import { badgeDefinition } from "../../support/transports.js";
import type { OutsideSigner } from "./outside-ca.js";
import { digestOf, disclosure } from "./sd-jwt-vc.js";

// Credentials of an issuer outside the emulator, for the test wallet to hold: the SD-JWT VC signed
// with jose, the mdoc built by @owf/mdoc; each carries the signer's chain (`x5c`, `x5chain`).

const AV = "eu.europa.ec.av.1";
const BADGE_VCT = badgeDefinition().vct;
const DAY = 24 * 60 * 60 * 1000;

/** An SD-JWT VC of the badge type from an outside issuer: its x5c, its key, no status of ours. */
export async function outsideSdJwtVc(
  signer: Pick<OutsideSigner, "chain" | "privateJwk">,
  holder: JWK,
  options: { signWith?: JWK } = {},
): Promise<HeldCredential> {
  const given = disclosure("given_name", "Grace");
  const now = Math.floor(Date.now() / 1000);
  const jwt = await new SignJWT({
    iss: "https://issuer.outside.example",
    iat: now,
    exp: now + 3600,
    vct: BADGE_VCT,
    cnf: { jwk: holder },
    _sd: [digestOf(given)],
    _sd_alg: "sha-256",
  })
    .setProtectedHeader({ alg: "ES256", typ: "dc+sd-jwt", x5c: signer.chain })
    .sign(await importJWK(options.signWith ?? signer.privateJwk, "ES256"));
  return {
    format: "dc+sd-jwt",
    sdJwt: `${jwt}~${given}~`,
    vct: BADGE_VCT,
    issuer: "https://issuer.outside.example",
    claims: { given_name: "Grace" },
  };
}

/** An mdoc of the EU age attestation from an outside issuer, built by @owf/mdoc. */
export async function outsideMdoc(
  signer: Pick<OutsideSigner, "chain" | "privateJwk">,
  holder: JWK,
  options: { signWith?: JWK } = {},
): Promise<HeldCredential> {
  const issuerSigned = await new MdocIssuer(AV, owfContext)
    .addIssuerNamespace(AV, { age_over_18: true })
    .sign({
      signingKey: CoseKey.fromJwk((options.signWith ?? signer.privateJwk) as never),
      algorithm: SignatureAlgorithm.ES256,
      digestAlgorithm: "SHA-256",
      validityInfo: {
        signed: new Date(),
        validFrom: new Date(Date.now() - DAY),
        validUntil: new Date(Date.now() + 30 * DAY),
      },
      deviceKeyInfo: { deviceKey: DeviceKey.fromJwk(holder as never) },
      certificates: signer.chain.map((der) => new Uint8Array(Buffer.from(der, "base64"))),
    });
  return {
    format: "mso_mdoc",
    mdoc: issuerSigned.encodedForOid4Vci,
    docType: AV,
    claims: { [AV]: { age_over_18: true } },
  };
}
