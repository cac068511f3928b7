import type { Tenant } from "../keys.js";
import { tenantKey } from "../tenant-key.js";
import type { LeafRequest, TestCertificateAuthority } from "./test-ca.js";

/** A leaf certificate the test CA signed for a project environment, as the data file keeps it. */
export interface SavedCertificate {
  /** `reader`: the verifier's mdoc reader authentication certificate (ISO/IEC 18013-5 Annex B.1.7). */
  kind: "verifier" | "issuer" | "reader";
  tenant: Tenant;
  /** The host it names (SAN dNSName): the host of the base URL wallets reach. */
  host: string;
  /** DER, standard base64. */
  certificate: string;
}

/**
 * The leaf certificates the test CA signed for issuers (document signers) and verifiers (access
 * certificates, mdoc reader certificates), by kind, tenant and host: made once, then kept.
 */
export class LeafCertificates {
  private readonly certificates = new Map<string, Promise<SavedCertificate>>();

  constructor(private readonly ca: TestCertificateAuthority) {}

  /** The certificate (DER, base64) of that kind for the tenant and host, made on first use. */
  leafFor(
    kind: SavedCertificate["kind"],
    tenant: Tenant,
    host: string,
    request: () => Promise<LeafRequest>,
  ): Promise<string> {
    const key = `${kind} ${tenantKey(tenant)} ${host}`;
    let saved = this.certificates.get(key);
    if (!saved) {
      saved = request().then(async (leaf) => ({
        kind,
        tenant,
        host,
        certificate: await this.ca.issueLeaf(leaf),
      }));
      this.certificates.set(key, saved);
      // A failure is not remembered: the next use tries again.
      saved.catch(() => {
        if (this.certificates.get(key) === saved) this.certificates.delete(key);
      });
    }
    return saved.then((s) => s.certificate);
  }

  /** Every leaf certificate made so far, for the emulator's data file. */
  exportAll(): Promise<SavedCertificate[]> {
    return Promise.all(this.certificates.values());
  }

  /** Puts back leaf certificates saved by the emulator's data file. */
  restore(saved: readonly SavedCertificate[]): void {
    for (const certificate of saved)
      this.certificates.set(
        `${certificate.kind} ${tenantKey(certificate.tenant)} ${certificate.host}`,
        Promise.resolve({ ...certificate }),
      );
  }
}
