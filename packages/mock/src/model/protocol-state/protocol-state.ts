import { DEFAULT_MODEL_LIMITS, type ModelLimits } from "../infrastructure/limits.js";
import type { Tenant } from "../keys.js";
import { LeafCertificates, type SavedCertificate } from "../pki/leaf-certificates.js";
import { TestCertificateAuthority } from "../pki/test-ca.js";
import { tenantOfKey } from "../tenant-key.js";
import { type IssuerKeys, IssuerProtocolState } from "./issuer-protocol-state.js";
import {
  type VerifierClientIdPrefix,
  type VerifierKeys,
  VerifierProtocolState,
} from "./verifier-protocol-state.js";

export type { SavedCertificate } from "../pki/leaf-certificates.js";
/**
 * What the protocol endpoints remember between steps, apart by role: the issuers' state, the
 * verifiers' state, and the leaf certificates the test CA signed for both. All of it is per
 * project environment (tenant): each is its own issuer and its own verifier.
 */
export class ProtocolState {
  readonly issuer: IssuerProtocolState;
  readonly verifier: VerifierProtocolState;
  readonly certificates: LeafCertificates;

  constructor(
    now: () => number,
    limits: Pick<
      ModelLimits,
      "protocolNonces" | "accessTokens" | "authorizationRequests" | "dpopProofs"
    > = DEFAULT_MODEL_LIMITS,
    /** The model's test CA (it outlives resets) and how its verifiers name themselves. */
    pki: {
      ca: TestCertificateAuthority;
      clientIdPrefix: VerifierClientIdPrefix;
    } = { ca: new TestCertificateAuthority(), clientIdPrefix: "did" },
  ) {
    this.certificates = new LeafCertificates(pki.ca);
    this.issuer = new IssuerProtocolState(now, limits, this.certificates);
    this.verifier = new VerifierProtocolState(now, limits, this.certificates, pki.clientIdPrefix);
  }

  /** Every issuer and verifier key made so far, by tenant, for the emulator's data file. */
  async exportKeys(): Promise<{
    issuers: { tenant: Tenant; keys: IssuerKeys }[];
    verifiers: { tenant: Tenant; keys: VerifierKeys }[];
  }> {
    const byTenant = <K>(map: Map<string, Promise<K>>) =>
      Promise.all(
        [...map].map(async ([key, keys]) => ({ tenant: tenantOfKey(key)!, keys: await keys })),
      );
    return {
      issuers: await byTenant(this.issuer.savedKeys()),
      verifiers: await byTenant(this.verifier.savedKeys()),
    };
  }

  /** Puts back keys saved by the emulator's data file. */
  restoreKeys(saved: {
    issuers: readonly { tenant: Tenant; keys: IssuerKeys }[];
    verifiers: readonly { tenant: Tenant; keys: VerifierKeys }[];
  }): void {
    for (const { tenant, keys } of saved.issuers) this.issuer.restoreKeys(tenant, keys);
    for (const { tenant, keys } of saved.verifiers) this.verifier.restoreKeys(tenant, keys);
  }

  /** Every leaf certificate made so far, for the emulator's data file. */
  exportCertificates(): Promise<SavedCertificate[]> {
    return this.certificates.exportAll();
  }

  /** Puts back leaf certificates saved by the emulator's data file. */
  restoreCertificates(saved: readonly SavedCertificate[]): void {
    this.certificates.restore(saved);
  }
}
