import { X509Certificate } from "node:crypto";
import { CredportConfigurationError } from "@credport/core";
import { keyIdentifierOf } from "./peculiar-x509.js";

/**
 * A root certificate of another issuer: PEM text (one or more `CERTIFICATE` blocks) or DER bytes.
 * See the `trustedIssuers` option of `createModel`.
 */
export type TrustedIssuerRoot = string | Uint8Array;

/** One configured root as the dashboard lists it. */
export interface TrustedRootSummary {
  /** The subject's distinguished name, one attribute a line as Node writes it. */
  subject: string;
  /** End of validity (ISO 8601). */
  notAfter: string;
  /** SHA-256 fingerprint, colon-separated hex. */
  fingerprint: string;
}

/**
 * The roots of other issuers the verifier accepts beside the emulator's own: an SD-JWT VC whose
 * `x5c`, or an mdoc whose `x5chain`, ends at one of them verifies with its leaf's key. Checked once,
 * when the model is made.
 */
export class TrustedIssuers {
  private keyIdentifiersMade: Promise<string[]> | undefined;

  private constructor(readonly certificates: readonly X509Certificate[]) {}

  /**
   * Reads and checks the roots: each must be a certificate whose basic constraints make it a CA
   * and which is valid now. A bad one throws a CredportConfigurationError naming it with
   * `label(i)` (default `trustedIssuers[i]`) and the rule it breaks.
   */
  static resolve(
    roots: readonly TrustedIssuerRoot[] = [],
    label: (index: number) => string = (i) => `trustedIssuers[${i}]`,
  ): TrustedIssuers {
    if (!Array.isArray(roots))
      throw invalid("trustedIssuers must be an array of PEM strings or DER bytes");
    const certificates = roots.flatMap((root, i) => {
      const where = label(i);
      const ders = derOf(root, where);
      return ders.map((der, n) => {
        const which = ders.length > 1 ? `${where} (certificate ${n + 1})` : where;
        let cert: X509Certificate;
        try {
          cert = new X509Certificate(der);
        } catch {
          throw invalid(`${which} is not a certificate (expected PEM or DER X.509)`);
        }
        if (!cert.ca)
          throw invalid(
            `${which} is not a CA certificate (its basic constraints lack cA): give the root that signs the issuer's certificates`,
          );
        const now = Date.now();
        if (now < Date.parse(cert.validFrom) || now > Date.parse(cert.validTo))
          throw invalid(`${which} is not valid now (valid ${cert.validFrom} to ${cert.validTo})`);
        return cert;
      });
    });
    return new TrustedIssuers(Object.freeze(certificates));
  }

  /** The roots' key identifiers, base64url (DCQL `trusted_authorities` type `aki`), in order. */
  keyIdentifiers(): Promise<string[]> {
    this.keyIdentifiersMade ??= Promise.all(
      this.certificates.map((cert) => keyIdentifierOf(cert.raw)),
    );
    return this.keyIdentifiersMade;
  }

  /** What the dashboard shows of each root. */
  summaries(): TrustedRootSummary[] {
    return this.certificates.map((cert) => ({
      subject: cert.subject,
      notAfter: new Date(cert.validTo).toISOString(),
      fingerprint: cert.fingerprint256,
    }));
  }
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;

/** The DER certificates of one entry: its PEM blocks, or its bytes. */
function derOf(root: unknown, where: string): Buffer[] {
  if (root instanceof Uint8Array) return [Buffer.from(root)];
  if (typeof root !== "string")
    throw invalid(`${where} must be a PEM string or DER bytes (a Uint8Array or Buffer)`);
  const blocks = [...root.matchAll(PEM_BLOCK)].map((m) =>
    Buffer.from(m[1]!.replace(/\s+/g, ""), "base64"),
  );
  if (blocks.length === 0)
    throw invalid(`${where} is not a certificate (no -----BEGIN CERTIFICATE----- block)`);
  return blocks;
}

const invalid = (message: string) =>
  new CredportConfigurationError(`@credport/mock: ${message}`, { code: "invalid_option" });
