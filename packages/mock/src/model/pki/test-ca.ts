import { webcrypto, X509Certificate } from "node:crypto";
import { isIP } from "node:net";
import { exportJWK, type JWK } from "jose";
import { keyIdentifierOf, x509 } from "./peculiar-x509.js";

/** A certificate authority's root as the emulator's data file keeps it. */
export interface SavedCertificateAuthority {
  /** The root certificate, DER in standard base64 (as `x5c` writes certificates). */
  certificate: string;
  /** The root's P-256 private key. */
  privateJwk: JWK;
}

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a leaf certificate says about its subject. */
export interface LeafRequest {
  commonName: string;
  publicJwk: JWK;
  /** SAN dNSName entries (an IP address becomes an iPAddress entry). */
  dnsNames: string[];
  /** SAN uniformResourceIdentifier entries. */
  uris?: string[];
  /** Extended key usages (OIDs), marked critical: e.g. mdoc reader authentication's. */
  extendedKeyUsages?: string[];
}

/**
 * The emulator's test CA (docs/protocol.md, "Trusting the test CA"): a P-256 root made once per
 * model — kept by the emulator's data file, so that a wallet told to trust it keeps trusting it
 * across restarts — that signs each project environment's verifier access certificate and issuer
 * document-signer certificate. Never a production trust anchor: its private key sits in the data
 * file.
 */
export class TestCertificateAuthority {
  private root: Promise<SavedCertificateAuthority> | undefined;
  private made: SavedCertificateAuthority | undefined;

  /** Puts back a root saved by the emulator's data file (before its first use). */
  restore(saved: SavedCertificateAuthority): void {
    this.made = saved;
    this.root = Promise.resolve(saved);
  }

  /** The root and its key, made on first use. */
  saved(): Promise<SavedCertificateAuthority> {
    if (!this.root) {
      const root = makeRoot().then((made) => {
        if (this.root === root) this.made = made;
        return made;
      });
      // A failure is not remembered: the next use tries again.
      root.catch(() => {
        if (this.root === root) this.root = undefined;
      });
      this.root = root;
    }
    return this.root;
  }

  /** The root certificate in PEM once it exists (synchronously, for pages), else `undefined`. */
  rootPemIfMade(): string | undefined {
    return this.made && derToPem(this.made.certificate);
  }

  /** The root as it has been made so far, for the data file; `undefined` before its first use. */
  async savedIfMade(): Promise<SavedCertificateAuthority | undefined> {
    return this.root && (await this.root);
  }

  /** The root certificate in PEM, what a wallet adds to its trust store. */
  async rootPem(): Promise<string> {
    return derToPem((await this.saved()).certificate);
  }

  /** The root as a Node certificate, for chain checks. */
  async rootCertificate(): Promise<X509Certificate> {
    return new X509Certificate(Buffer.from((await this.saved()).certificate, "base64"));
  }

  /** The root's key identifier (its SubjectKeyIdentifier), base64url: DCQL `trusted_authorities` `aki`. */
  async keyIdentifier(): Promise<string> {
    return keyIdentifierOf(Buffer.from((await this.saved()).certificate, "base64"));
  }

  /** A leaf signed by the root (DER, standard base64), valid from a day ago for a year. */
  async issueLeaf(request: LeafRequest): Promise<string> {
    const lib = await x509();
    const saved = await this.saved();
    const rootCert = new lib.X509Certificate(Buffer.from(saved.certificate, "base64"));
    const signingKey = await webcrypto.subtle.importKey("jwk", saved.privateJwk, ALGORITHM, false, [
      "sign",
    ]);
    const { d: _, ...publicOnly } = request.publicJwk as JWK & { d?: string };
    const publicKey = await webcrypto.subtle.importKey(
      "jwk",
      { kty: publicOnly.kty, crv: publicOnly.crv, x: publicOnly.x, y: publicOnly.y } as JsonWebKey,
      ALGORITHM,
      true,
      ["verify"],
    );
    const now = Date.now();
    const leaf = await lib.X509CertificateGenerator.create({
      serialNumber: randomSerial(),
      subject: `CN=${escapeRdn(request.commonName)}, O=Credport emulator (test only)`,
      issuer: rootCert.subject,
      notBefore: new Date(now - DAY_MS),
      notAfter: new Date(now + 365 * DAY_MS),
      signingKey,
      publicKey,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new lib.BasicConstraintsExtension(false, undefined, true),
        new lib.KeyUsagesExtension(lib.KeyUsageFlags.digitalSignature, true),
        new lib.SubjectAlternativeNameExtension([
          // An IP address is an iPAddress entry (RFC 5280 §4.2.1.6), never a dNSName.
          ...request.dnsNames.map((value) => ({
            type: isIP(value.replace(/^\[|\]$/g, "")) ? ("ip" as const) : ("dns" as const),
            value: value.replace(/^\[|\]$/g, ""),
          })),
          ...(request.uris ?? []).map((value) => ({ type: "url" as const, value })),
        ]),
        ...(request.extendedKeyUsages?.length
          ? [new lib.ExtendedKeyUsageExtension(request.extendedKeyUsages, true)]
          : []),
        await lib.AuthorityKeyIdentifierExtension.create(rootCert),
        await lib.SubjectKeyIdentifierExtension.create(publicKey),
      ],
    });
    return Buffer.from(leaf.rawData).toString("base64");
  }
}

async function makeRoot(): Promise<SavedCertificateAuthority> {
  const lib = await x509();
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const now = Date.now();
  const root = await lib.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: `CN=Credport emulator test CA ${now.toString(36)}, O=Credport emulator (test only)`,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 10 * 365 * DAY_MS),
    keys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new lib.BasicConstraintsExtension(true, 0, true),
      new lib.KeyUsagesExtension(lib.KeyUsageFlags.keyCertSign | lib.KeyUsageFlags.cRLSign, true),
      await lib.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return {
    certificate: Buffer.from(root.rawData).toString("base64"),
    privateJwk: await exportJWK(keys.privateKey),
  };
}

/** A positive 16-byte serial (RFC 5280 §4.1.2.2 wants at most 20 bytes, positive). */
function randomSerial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return Buffer.from(bytes).toString("hex");
}

const escapeRdn = (value: string) => value.replace(/[,+"\\<>;=]/g, (c) => `\\${c}`);

/** PEM of a DER certificate in base64. */
export function derToPem(base64Der: string): string {
  const lines = base64Der.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}
