import { exportJWK, generateKeyPair, type JWK } from "jose";
import { x509Hash } from "../../x509/certificate-chain.js";
import { randomToken } from "../infrastructure/ids.js";
import type { ModelLimits } from "../infrastructure/limits.js";
import type { Tenant } from "../keys.js";
import { ecPublicJwk } from "../pki/ec-public-jwk.js";
import type { LeafCertificates } from "../pki/leaf-certificates.js";
import { verifierClientId } from "../pki/verifier-identity.js";
import { tenantKey } from "../tenant-key.js";
import type { IssuerKeys } from "./issuer-protocol-state.js";
import { existingStoreOf, makeRoom, storeOf, type TenantStores } from "./tenant-stores.js";

/** `id-mdl-kp-mdlReaderAuth` (ISO/IEC 18013-5 Annex B.1.7): a certificate for signing `readerAuth`. */
const MDL_READER_AUTH = "1.0.18013.5.1.6";

/**
 * A project environment's verifier key, identified by a did:jwk (OpenID4VP client identifier prefix
 * `decentralized_identifier`): it signs that project's request objects, and a presentation's
 * key-binding JWT names it as its audience.
 */
export interface VerifierKeys extends IssuerKeys {
  did: string;
}

/** A same-device response code is good for five minutes. */
const RESPONSE_CODE_TTL_MS = 5 * 60 * 1000;

/**
 * How a model's verifiers name themselves: `did` (the plain profile's `decentralized_identifier:`
 * did:jwk), `x509_hash` (HAIP 1.0) or `x509_san_dns` (OpenID4VP 1.0, outside HAIP).
 */
export type VerifierClientIdPrefix = "did" | "x509_hash" | "x509_san_dns";

/** A verification's ephemeral response encryption key (OpenID4VP 1.0 §8.3, HAIP 1.0). */
export interface ResponseKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/**
 * What the verifier endpoints remember between steps: verifier keys, each verification's response
 * encryption key and same-device response codes. All of it is per project environment (tenant):
 * each is its own verifier, with its own keys and its own share of the caps.
 */
export class VerifierProtocolState {
  private readonly keys = new Map<string, Promise<VerifierKeys>>();
  /** Ephemeral response keys by tenant, then verification ID: one project's flood evicts only its own. */
  private readonly responseKeys: TenantStores<Promise<ResponseKey>> = new Map();
  /** Same-device `response_code`s by tenant, each with its verification and expiry. */
  private readonly responseCodes: TenantStores<{ verificationId: string; expiresAt: number }> =
    new Map();

  constructor(
    private readonly now: () => number,
    private readonly limits: Pick<ModelLimits, "protocolNonces">,
    private readonly certificates: LeafCertificates,
    /** How its verifiers name themselves. */
    private readonly clientIdPrefix: VerifierClientIdPrefix,
  ) {}

  /**
   * The tenant's verifier key, made on first use: it signs that project environment's presentation
   * requests, under the client_id of its did:jwk ({@link clientIdFor}).
   */
  keysFor(tenant: Tenant): Promise<VerifierKeys> {
    const key = tenantKey(tenant);
    let keys = this.keys.get(key);
    if (!keys) {
      keys = generateKeyPair("ES256", { extractable: true }).then(
        async ({ privateKey, publicKey }) => {
          const publicMembers = ecPublicJwk(await exportJWK(publicKey));
          const did = `did:jwk:${Buffer.from(JSON.stringify(publicMembers)).toString("base64url")}`;
          const kid = `${did}#0`;
          return {
            did,
            kid,
            privateJwk: { ...(await exportJWK(privateKey)), kid, alg: "ES256" },
            publicJwk: { ...publicMembers, kid, alg: "ES256" },
          };
        },
      );
      this.keys.set(key, keys);
    }
    return keys;
  }

  /**
   * The tenant's verifier `client_id` for wallets that reach the service at `baseUrl`, the same at
   * every call: `decentralized_identifier:did:jwk:…` (plain profile), `x509_hash:<SHA-256 of its
   * access certificate>` (HAIP) or `x509_san_dns:<host>`.
   */
  async clientIdFor(tenant: Tenant, baseUrl: string): Promise<string> {
    const prefix = this.clientIdPrefix;
    if (prefix === "did") return verifierClientId((await this.keysFor(tenant)).did);
    if (prefix === "x509_san_dns") return `x509_san_dns:${new URL(baseUrl).hostname}`;
    return `x509_hash:${x509Hash(await this.certificateFor(tenant, baseUrl))}`;
  }

  /**
   * The tenant's verifier access certificate (DER, base64) for its request-signing key, signed by
   * the test CA, naming the host of `baseUrl` (SAN dNSName): made once per host, then kept.
   */
  async certificateFor(tenant: Tenant, baseUrl: string): Promise<string> {
    const host = new URL(baseUrl).hostname;
    return this.certificates.leafFor("verifier", tenant, host, async () => ({
      commonName: `Verifier ${tenantKey(tenant)}`,
      publicJwk: (await this.keysFor(tenant)).publicJwk,
      dnsNames: [host],
    }));
  }

  /**
   * The tenant's mdoc reader authentication certificate (DER, base64) for the same key, signed by
   * the test CA: what signs `readerAuth` in its Annex C requests. The profile of ISO/IEC 18013-5
   * Annex B.1.7: key usage digitalSignature and the extended key usage `id-mdl-kp-mdlReaderAuth`,
   * both critical; not a CA.
   */
  async readerCertificateFor(tenant: Tenant, baseUrl: string): Promise<string> {
    const host = new URL(baseUrl).hostname;
    return this.certificates.leafFor("reader", tenant, host, async () => ({
      commonName: `Reader ${tenantKey(tenant)}`,
      publicJwk: (await this.keysFor(tenant)).publicJwk,
      dnsNames: [host],
      extendedKeyUsages: [MDL_READER_AUTH],
    }));
  }

  /** Every verifier key made so far, by tenant key, for the emulator's data file. */
  savedKeys(): Map<string, Promise<VerifierKeys>> {
    return this.keys;
  }

  /** Puts back a key saved by the emulator's data file. */
  restoreKeys(tenant: Tenant, keys: VerifierKeys): void {
    this.keys.set(tenantKey(tenant), Promise.resolve(keys));
  }

  /**
   * The verification's ephemeral ECDH-ES P-256 key for `direct_post.jwt`, made at its first
   * request-object fetch and the same at later ones. The `protocolNonces` cap counts them per
   * tenant: a project opening requests in a loop pushes out its own oldest keys.
   */
  responseKeyFor(tenant: Tenant, verificationId: string): Promise<ResponseKey> {
    const store = storeOf(this.responseKeys, tenant);
    let key = store.get(verificationId);
    if (!key) {
      makeRoom(store, this.limits.protocolNonces, 0, () => 1);
      key = generateKeyPair("ECDH-ES", { crv: "P-256", extractable: true }).then(
        async ({ privateKey, publicKey }) => {
          const kid = `resp-${randomToken(12)}`;
          return {
            kid,
            privateJwk: { ...(await exportJWK(privateKey)), kid, alg: "ECDH-ES" },
            publicJwk: {
              ...ecPublicJwk(await exportJWK(publicKey)),
              kid,
              use: "enc",
              alg: "ECDH-ES",
            },
          };
        },
      );
      store.set(verificationId, key);
    }
    return key;
  }

  /** The verification's response key if it has one (its request object was fetched). */
  responseKey(tenant: Tenant, verificationId: string): Promise<ResponseKey> | undefined {
    return existingStoreOf(this.responseKeys, tenant)?.get(verificationId);
  }

  /** Forgets a verification's response key once the verification is decided. */
  dropResponseKey(tenant: Tenant, verificationId: string): void {
    existingStoreOf(this.responseKeys, tenant)?.delete(verificationId);
  }

  /**
   * A same-device `response_code` (OpenID4VP 1.0 §8.2) for a decided verification: handed only to
   * the wallet that posted the answer, in the `redirect_uri` it sends its browser to; good once,
   * for five minutes.
   */
  issueResponseCode(tenant: Tenant, verificationId: string): string {
    const store = storeOf(this.responseCodes, tenant);
    makeRoom(store, this.limits.protocolNonces, this.now(), (entry) => entry.expiresAt);
    const code = randomToken(24);
    store.set(code, { verificationId, expiresAt: this.now() + RESPONSE_CODE_TTL_MS });
    return code;
  }

  /** Whether `code` is a live response code of that verification; it is used up either way. */
  consumeResponseCode(tenant: Tenant, verificationId: string, code: string): boolean {
    const store = existingStoreOf(this.responseCodes, tenant);
    const entry = store?.get(code);
    store?.delete(code);
    return entry?.verificationId === verificationId && entry.expiresAt > this.now();
  }
}
