import { webcrypto } from "node:crypto";
import * as x509 from "@peculiar/x509";
import { exportJWK, type JWK } from "jose";

// A certificate authority that is not the emulator's: a root, and document signers under it, made
// here with @peculiar/x509 (not with the mock's test CA), as another issuer's PKI would be.

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const DAY = 24 * 60 * 60 * 1000;

export interface OutsideSigner {
  /** The leaf (DER, standard base64), then any intermediates: an `x5c` / `x5chain`. */
  chain: string[];
  privateJwk: JWK;
  publicJwk: JWK;
}

export interface OutsideCa {
  root: x509.X509Certificate;
  rootPem: string;
  /** The root's SubjectKeyIdentifier, base64url: what DCQL `trusted_authorities` `aki` names. */
  keyIdentifier: string;
  /**
   * A document signer under the root: `notBefore`/`notAfter` shift its period, `ca` makes it an
   * issuing CA, `noKeyUsage` leaves its key usage extension out (nothing then forbids signing).
   */
  signer(options?: SignerOptions): Promise<OutsideSigner>;
  /** A signer under a CA of this root (leaf, intermediate). */
  signerUnder(parent: OutsideSigner): Promise<OutsideSigner>;
}

interface SignerOptions {
  notBefore?: Date;
  notAfter?: Date;
  ca?: boolean;
  noKeyUsage?: boolean;
}

const keys = async () =>
  (await webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;

export async function outsideCa(name: string): Promise<OutsideCa> {
  const rootKeys = await keys();
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "01",
    name: `CN=${name}, O=Outside issuer (test), C=EU`,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 365 * DAY),
    keys: rootKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 1, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const ski = root.getExtension(x509.SubjectKeyIdentifierExtension)!.keyId;

  async function issue(
    issuer: { cert: x509.X509Certificate; key: CryptoKey },
    options: SignerOptions = {},
  ) {
    const leafKeys = await keys();
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString("hex"),
      subject: `CN=${options.ca ? "Intermediate" : "Document signer"} ${Math.random().toString(36).slice(2)}, C=EU`,
      issuer: issuer.cert.subject,
      notBefore: options.notBefore ?? new Date(Date.now() - DAY),
      notAfter: options.notAfter ?? new Date(Date.now() + 90 * DAY),
      signingKey: issuer.key,
      publicKey: leafKeys.publicKey,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(options.ca === true, undefined, true),
        ...(options.noKeyUsage
          ? []
          : [
              new x509.KeyUsagesExtension(
                options.ca ? x509.KeyUsageFlags.keyCertSign : x509.KeyUsageFlags.digitalSignature,
                true,
              ),
            ]),
        await x509.AuthorityKeyIdentifierExtension.create(issuer.cert),
        await x509.SubjectKeyIdentifierExtension.create(leafKeys.publicKey),
      ],
    });
    const privateJwk = await exportJWK(leafKeys.privateKey);
    const { kty, crv, x, y } = await exportJWK(leafKeys.publicKey);
    return {
      cert,
      key: leafKeys.privateKey,
      signer: {
        chain: [Buffer.from(cert.rawData).toString("base64")],
        privateJwk,
        publicJwk: { kty, crv, x, y } as JWK,
      },
    };
  }

  const issued = new Map<OutsideSigner, { cert: x509.X509Certificate; key: CryptoKey }>();
  return {
    root,
    rootPem: root.toString("pem"),
    keyIdentifier: Buffer.from(ski, "hex").toString("base64url"),
    async signer(options) {
      const made = await issue({ cert: root, key: rootKeys.privateKey }, options);
      issued.set(made.signer, made);
      return made.signer;
    },
    async signerUnder(parent) {
      const made = await issue(issued.get(parent)!);
      return { ...made.signer, chain: [...made.signer.chain, ...parent.chain] };
    },
  };
}
