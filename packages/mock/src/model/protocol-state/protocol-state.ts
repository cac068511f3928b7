import { exportJWK, generateKeyPair, type JWK } from "jose";
import { randomToken } from "../infrastructure/ids.js";
import { DEFAULT_MODEL_LIMITS, type ModelLimits } from "../infrastructure/limits.js";
import { RememberOnce } from "../infrastructure/remember-once.js";
import { issuerKey, tenantOfIssuerKey } from "../issuer-key.js";
import type { Tenant } from "../keys.js";
import { ecPublicJwk } from "../pki/ec-public-jwk.js";
import { type LeafRequest, TestCertificateAuthority, x509Hash } from "../pki/test-ca.js";
import { verifierClientId } from "../pki/verifier-identity.js";

export interface IssuerKeys {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/**
 * A project environment's verifier key, identified by a did:jwk (OpenID4VP client identifier prefix
 * `decentralized_identifier`): it signs that project's request objects, and a presentation's
 * key-binding JWT names it as its audience.
 */
export interface VerifierKeys extends IssuerKeys {
  did: string;
}

/** An access token lives at most this long, and never beyond the offer it was issued for. */
const ACCESS_TOKEN_TTL_MS = 10 * 60 * 1000;
const NONCE_TTL_MS = 5 * 60 * 1000;
/** A pushed authorization request, and an authorization code, are good for one minute, once. */
const AUTHORIZATION_TTL_MS = 60 * 1000;
/** A DPoP server nonce is handed out for this long, and accepted for twice as long (real time). */
const DPOP_NONCE_ROTATION_MS = 5 * 60 * 1000;
/**
 * How long a proof's `jti` is remembered: a proof whose `iat` is up to five minutes ahead of real
 * time stays acceptable until ten minutes from now, so that is how long it must not come back.
 */
export const PROOF_JTI_MEMORY_MS = 10 * 60 * 1000;

/**
 * How a model's verifiers name themselves: `did` (the plain profile's `decentralized_identifier:`
 * did:jwk), `x509_hash` (HAIP 1.0) or `x509_san_dns` (OpenID4VP 1.0, outside HAIP).
 */
export type VerifierClientIdPrefix = "did" | "x509_hash" | "x509_san_dns";

/** A leaf certificate the test CA signed for a project environment, as the data file keeps it. */
export interface SavedCertificate {
  kind: "verifier" | "issuer";
  tenant: Tenant;
  /** The host it names (SAN dNSName): the host of the base URL wallets reach. */
  host: string;
  /** DER, standard base64. */
  certificate: string;
}

/** A verification's ephemeral response encryption key (OpenID4VP 1.0 §8.3, HAIP 1.0). */
export interface ResponseKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

export interface AccessTokenGrant {
  issuanceId: string;
  expiresAt: number;
  /** Set when the token response handed out `credential_identifiers` (OpenID4VCI 1.0 §6.2). */
  credentialIdentifiers?: string[];
  /** The JWK SHA-256 thumbprint of the DPoP key the token is bound to (RFC 9449 §6), if any. */
  jkt?: string;
}

/**
 * What the wallet asked for at the pushed authorization request endpoint (RFC 9126), checked, for
 * the authorization endpoint to turn into a code.
 */
export interface PushedAuthorization {
  issuanceId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state?: string;
  /** The DPoP key the code will be bound to: from a DPoP proof at PAR or `dpop_jkt` (RFC 9449 §10). */
  jkt?: string;
  /** The request carried `authorization_details`: the token response hands out credential identifiers. */
  detailsRequested: boolean;
  expiresAt: number;
}

/** What an authorization code stands for, for the token endpoint to check. */
export type AuthorizationCodeGrant = Omit<PushedAuthorization, "state">;

/**
 * What the protocol endpoints remember between steps: issuer and verifier keys, access tokens,
 * nonces. All of it is per project environment (tenant): each is its own issuer and its own
 * verifier, with its own keys, and its own share of the caps, so that one project can neither
 * sign as another nor push out another's tokens and nonces.
 */
export class ProtocolState {
  private readonly issuerKeys = new Map<string, Promise<IssuerKeys>>();
  private readonly verifiers = new Map<string, Promise<VerifierKeys>>();
  /** Live access tokens by issuer (tenant), each with its grant: one issuer's flood evicts only its own. */
  private readonly accessTokens = new Map<string, Map<string, AccessTokenGrant>>();
  /** Unused c_nonces by issuer (tenant), each with its expiry: one issuer's flood evicts only its own. */
  private readonly nonces = new Map<string, Map<string, number>>();
  /** Pushed authorization requests by issuer, by request URI. */
  private readonly pushed = new Map<string, Map<string, PushedAuthorization>>();
  /** Unused authorization codes by issuer. */
  private readonly codes = new Map<string, Map<string, AuthorizationCodeGrant>>();
  /** Used authorization codes by issuer, with the token issued for each, while it may live. */
  private readonly spentCodes = new Map<
    string,
    Map<string, { token?: string; expiresAt: number }>
  >();
  /** DPoP server nonces by issuer: the current one and the one before it. */
  private readonly dpopNonces = new Map<
    string,
    { current: string; previous?: string; since: number }
  >();
  /** Proof `jti`s seen by issuer (DPoP proofs, client attestation PoPs). */
  private readonly proofJtis = new Map<string, RememberOnce>();
  /** Leaf certificates by kind, tenant and host. */
  private readonly certificates = new Map<string, Promise<SavedCertificate>>();
  /** Ephemeral response keys by tenant, then verification ID: one project's flood evicts only its own. */
  private readonly responseKeys = new Map<string, Map<string, Promise<ResponseKey>>>();
  /** Same-device `response_code`s by tenant, each with its verification and expiry. */
  private readonly responseCodes = new Map<
    string,
    Map<string, { verificationId: string; expiresAt: number }>
  >();

  constructor(
    private readonly now: () => number,
    private readonly limits: Pick<
      ModelLimits,
      "protocolNonces" | "accessTokens" | "authorizationRequests" | "dpopProofs"
    > = DEFAULT_MODEL_LIMITS,
    /** The model's test CA (it outlives resets) and how its verifiers name themselves. */
    readonly pki: {
      ca: TestCertificateAuthority;
      clientIdPrefix: VerifierClientIdPrefix;
    } = { ca: new TestCertificateAuthority(), clientIdPrefix: "did" },
  ) {}

  /** The tenant's ES256 issuer key, made on first use. */
  issuerKeysFor(tenant: Tenant): Promise<IssuerKeys> {
    const key = issuerKey(tenant);
    let keys = this.issuerKeys.get(key);
    if (!keys) {
      keys = generateKeyPair("ES256", { extractable: true }).then(
        async ({ privateKey, publicKey }) => {
          const kid = `issuer-${randomToken(8)}`;
          return {
            kid,
            privateJwk: { ...(await exportJWK(privateKey)), kid, alg: "ES256" },
            publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" },
          };
        },
      );
      this.issuerKeys.set(key, keys);
    }
    return keys;
  }

  /** Every issuer and verifier key made so far, by tenant, for the emulator's data file. */
  async exportKeys(): Promise<{
    issuers: { tenant: Tenant; keys: IssuerKeys }[];
    verifiers: { tenant: Tenant; keys: VerifierKeys }[];
  }> {
    const byTenant = <K>(map: Map<string, Promise<K>>) =>
      Promise.all(
        [...map].map(async ([key, keys]) => ({
          tenant: tenantOfIssuerKey(key)!,
          keys: await keys,
        })),
      );
    return { issuers: await byTenant(this.issuerKeys), verifiers: await byTenant(this.verifiers) };
  }

  /** Puts back keys saved by the emulator's data file. */
  restoreKeys(saved: {
    issuers: readonly { tenant: Tenant; keys: IssuerKeys }[];
    verifiers: readonly { tenant: Tenant; keys: VerifierKeys }[];
  }): void {
    for (const { tenant, keys } of saved.issuers)
      this.issuerKeys.set(issuerKey(tenant), Promise.resolve(keys));
    for (const { tenant, keys } of saved.verifiers)
      this.verifiers.set(issuerKey(tenant), Promise.resolve(keys));
  }

  /**
   * The tenant's verifier key, made on first use: it signs that project environment's presentation
   * requests, under the client_id of its did:jwk ({@link verifierClientIdFor}).
   */
  verifierKeysFor(tenant: Tenant): Promise<VerifierKeys> {
    const key = issuerKey(tenant);
    let keys = this.verifiers.get(key);
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
      this.verifiers.set(key, keys);
    }
    return keys;
  }

  /**
   * The tenant's verifier `client_id` for wallets that reach the service at `baseUrl`, the same at
   * every call: `decentralized_identifier:did:jwk:…` (plain profile), `x509_hash:<SHA-256 of its
   * access certificate>` (HAIP) or `x509_san_dns:<host>`.
   */
  async verifierClientIdFor(tenant: Tenant, baseUrl: string): Promise<string> {
    const prefix = this.pki.clientIdPrefix;
    if (prefix === "did") return verifierClientId((await this.verifierKeysFor(tenant)).did);
    if (prefix === "x509_san_dns") return `x509_san_dns:${new URL(baseUrl).hostname}`;
    return `x509_hash:${x509Hash(await this.verifierCertificateFor(tenant, baseUrl))}`;
  }

  /**
   * The tenant's verifier access certificate (DER, base64) for its request-signing key, signed by
   * the test CA, naming the host of `baseUrl` (SAN dNSName): made once per host, then kept.
   */
  async verifierCertificateFor(tenant: Tenant, baseUrl: string): Promise<string> {
    const host = new URL(baseUrl).hostname;
    return this.certificateFor("verifier", tenant, host, async () => ({
      commonName: `Verifier ${issuerKey(tenant)}`,
      publicJwk: (await this.verifierKeysFor(tenant)).publicJwk,
      dnsNames: [host],
    }));
  }

  /**
   * The tenant's issuer document-signer certificate (DER, base64) for its issuer key, signed by the
   * test CA, naming the issuer's host (SAN dNSName) and its `credential_issuer` URL (SAN URI).
   */
  async issuerCertificateFor(tenant: Tenant, credentialIssuer: string): Promise<string> {
    const host = new URL(credentialIssuer).hostname;
    return this.certificateFor("issuer", tenant, host, async () => ({
      commonName: `Issuer ${issuerKey(tenant)}`,
      publicJwk: (await this.issuerKeysFor(tenant)).publicJwk,
      dnsNames: [host],
      uris: [credentialIssuer],
    }));
  }

  private certificateFor(
    kind: SavedCertificate["kind"],
    tenant: Tenant,
    host: string,
    request: () => Promise<LeafRequest>,
  ): Promise<string> {
    const key = `${kind} ${issuerKey(tenant)} ${host}`;
    let saved = this.certificates.get(key);
    if (!saved) {
      saved = request().then(async (leaf) => ({
        kind,
        tenant,
        host,
        certificate: await this.pki.ca.issueLeaf(leaf),
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
  exportCertificates(): Promise<SavedCertificate[]> {
    return Promise.all(this.certificates.values());
  }

  /** Puts back leaf certificates saved by the emulator's data file. */
  restoreCertificates(saved: readonly SavedCertificate[]): void {
    for (const certificate of saved)
      this.certificates.set(
        `${certificate.kind} ${issuerKey(certificate.tenant)} ${certificate.host}`,
        Promise.resolve({ ...certificate }),
      );
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
    return this.responseKeys.get(issuerKey(tenant))?.get(verificationId);
  }

  /** Forgets a verification's response key once the verification is decided. */
  dropResponseKey(tenant: Tenant, verificationId: string): void {
    this.responseKeys.get(issuerKey(tenant))?.delete(verificationId);
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
    store.set(code, { verificationId, expiresAt: this.now() + NONCE_TTL_MS });
    return code;
  }

  /** Whether `code` is a live response code of that verification; it is used up either way. */
  consumeResponseCode(tenant: Tenant, verificationId: string, code: string): boolean {
    const store = this.responseCodes.get(issuerKey(tenant));
    const entry = store?.get(code);
    store?.delete(code);
    return entry?.verificationId === verificationId && entry.expiresAt > this.now();
  }

  /**
   * A Bearer access token for an issuance at the tenant's issuer. Its lifetime is whole seconds, the
   * TTL or less when the offer ends sooner, so that `expires_in` is exactly when it stops working.
   * The `accessTokens` cap is per issuer: a project redeeming offers in a loop pushes out its own
   * oldest tokens, never another project's.
   */
  issueAccessToken(
    tenant: Tenant,
    issuanceId: string,
    options: { notAfter: number; credentialIdentifiers?: string[]; jkt?: string },
  ): { token: string; expiresIn: number } {
    const now = this.now();
    const expiresIn = Math.max(
      0,
      Math.floor((Math.min(now + ACCESS_TOKEN_TTL_MS, options.notAfter) - now) / 1000),
    );
    const token = `at_${randomToken(32)}`;
    const store = storeOf(this.accessTokens, tenant);
    makeRoom(store, this.limits.accessTokens, now, (grant) => grant.expiresAt);
    store.set(token, {
      issuanceId,
      expiresAt: now + expiresIn * 1000,
      ...(options.credentialIdentifiers
        ? { credentialIdentifiers: options.credentialIdentifiers }
        : {}),
      ...(options.jkt ? { jkt: options.jkt } : {}),
    });
    return { token, expiresIn };
  }

  /** The grant behind a live access token of the tenant's issuer; another issuer's is unknown here. */
  accessToken(tenant: Tenant, token: string): AccessTokenGrant | undefined {
    const grant = this.accessTokens.get(issuerKey(tenant))?.get(token);
    return grant && grant.expiresAt > this.now() ? grant : undefined;
  }

  /**
   * A c_nonce of the tenant's issuer. The `protocolNonces` cap is per issuer, so that a project
   * fetching nonces in a loop pushes out its own oldest ones, never another project's.
   */
  issueNonce(tenant: Tenant): string {
    const store = storeOf(this.nonces, tenant);
    const nonce = randomToken(24);
    makeRoom(store, this.limits.protocolNonces, this.now(), (expiresAt) => expiresAt);
    store.set(nonce, this.now() + NONCE_TTL_MS);
    return nonce;
  }

  /**
   * A c_nonce is good for one proof, for five minutes, at the issuer that handed it out. An
   * unknown, used or stale one, or another issuer's, is false.
   */
  consumeNonce(tenant: Tenant, nonce: string): boolean {
    const store = this.nonces.get(issuerKey(tenant));
    const expiresAt = store?.get(nonce);
    store?.delete(nonce);
    return expiresAt !== undefined && expiresAt > this.now();
  }

  /**
   * Keeps a checked pushed authorization request for a minute; its `request_uri` (RFC 9126 §2.2)
   * is good once at the authorization endpoint.
   */
  pushAuthorization(
    tenant: Tenant,
    request: Omit<PushedAuthorization, "expiresAt">,
  ): { requestUri: string; expiresIn: number } {
    const now = this.now();
    const store = storeOf(this.pushed, tenant);
    makeRoom(store, this.limits.authorizationRequests, now, (r) => r.expiresAt);
    const requestUri = `urn:ietf:params:oauth:request_uri:${randomToken(32)}`;
    store.set(requestUri, { ...request, expiresAt: now + AUTHORIZATION_TTL_MS });
    return { requestUri, expiresIn: AUTHORIZATION_TTL_MS / 1000 };
  }

  /** The pushed request behind a request URI, taken (a second use finds nothing); live ones only. */
  takePushedAuthorization(tenant: Tenant, requestUri: string): PushedAuthorization | undefined {
    return take(this.pushed, tenant, requestUri, this.now());
  }

  /** A one-time authorization code for a minute (RFC 6749 §4.1.2: short-lived, used once). */
  issueAuthorizationCode(tenant: Tenant, grant: Omit<AuthorizationCodeGrant, "expiresAt">): string {
    const now = this.now();
    const store = storeOf(this.codes, tenant);
    makeRoom(store, this.limits.authorizationRequests, now, (c) => c.expiresAt);
    const code = `ac_${randomToken(32)}`;
    store.set(code, { ...grant, expiresAt: now + AUTHORIZATION_TTL_MS });
    return code;
  }

  /**
   * The grant behind an authorization code, taken: whatever the token request's fate, it is spent.
   * A code used before is `"reused"`, and the token issued with it, if any, is revoked (RFC 6749
   * §4.1.2: a second use means someone else holds the code).
   */
  takeAuthorizationCode(
    tenant: Tenant,
    code: string,
  ): AuthorizationCodeGrant | "reused" | undefined {
    const now = this.now();
    const spent = storeOf(this.spentCodes, tenant);
    const earlier = spent.get(code);
    if (earlier && earlier.expiresAt > now) {
      if (earlier.token) this.accessTokens.get(issuerKey(tenant))?.delete(earlier.token);
      delete earlier.token;
      return "reused";
    }
    const grant = take(this.codes, tenant, code, now);
    if (grant) {
      makeRoom(spent, this.limits.authorizationRequests, now, (s) => s.expiresAt);
      spent.set(code, { expiresAt: now + ACCESS_TOKEN_TTL_MS });
    }
    return grant;
  }

  /** Remembers the access token issued for a code, so that a reuse of the code can revoke it. */
  recordCodeToken(tenant: Tenant, code: string, token: string): void {
    const spent = this.spentCodes.get(issuerKey(tenant))?.get(code);
    if (spent) spent.token = token;
  }

  /**
   * The issuer's current DPoP server nonce (RFC 9449 §8), rotated every five minutes of real time:
   * one per issuer, so nonces cost no memory per wallet. The one before stays good until the next
   * rotation, so a nonce handed out just before a rotation still works.
   */
  dpopNonce(tenant: Tenant): string {
    const key = issuerKey(tenant);
    const now = Date.now();
    const nonces = this.dpopNonces.get(key);
    if (nonces && now - nonces.since < DPOP_NONCE_ROTATION_MS) return nonces.current;
    const fresh = {
      current: randomToken(24),
      since: now,
      // A nonce older than two rotations is dropped, not kept as the previous one.
      ...(nonces && now - nonces.since < 2 * DPOP_NONCE_ROTATION_MS
        ? { previous: nonces.current }
        : {}),
    };
    this.dpopNonces.set(key, fresh);
    return fresh.current;
  }

  /** Whether a DPoP proof's `nonce` is the issuer's current or previous one. */
  dpopNonceGood(tenant: Tenant, nonce: unknown): boolean {
    if (typeof nonce !== "string") return false;
    const current = this.dpopNonce(tenant);
    return nonce === current || nonce === this.dpopNonces.get(issuerKey(tenant))?.previous;
  }

  /**
   * Remembers a proof's `jti` at the tenant's issuer for {@link PROOF_JTI_MEMORY_MS}: `"new"` the
   * first time, `"replayed"` after, `"full"` when the issuer's `dpopProofs` cap is all live.
   */
  claimProofJti(tenant: Tenant, jti: string): "new" | "replayed" | "full" {
    const key = issuerKey(tenant);
    let seen = this.proofJtis.get(key);
    if (!seen) {
      seen = new RememberOnce(this.limits.dpopProofs);
      this.proofJtis.set(key, seen);
    }
    return seen.claim(jti, PROOF_JTI_MEMORY_MS);
  }
}

/** Removes and returns a live entry of the tenant's store. */
function take<V extends { expiresAt: number }>(
  stores: Map<string, Map<string, V>>,
  tenant: Tenant,
  key: string,
  now: number,
): V | undefined {
  const store = stores.get(issuerKey(tenant));
  const value = store?.get(key);
  store?.delete(key);
  return value && value.expiresAt > now ? value : undefined;
}

/** The tenant's own store in a map of stores by issuer, made on first use. */
function storeOf<V>(stores: Map<string, Map<string, V>>, tenant: Tenant): Map<string, V> {
  const key = issuerKey(tenant);
  let store = stores.get(key);
  if (!store) {
    store = new Map();
    stores.set(key, store);
  }
  return store;
}

/**
 * Room for one more entry within `max`. Entries are in issue order, so expiry order too (roughly:
 * a token may end early with its offer): expired ones are dropped from the oldest on, up to the
 * first live one, then the oldest live ones give way. Amortized constant time per entry.
 */
function makeRoom<V>(
  store: Map<string, V>,
  max: number,
  now: number,
  expiresAt: (value: V) => number,
): void {
  for (const [key, value] of store) {
    if (expiresAt(value) > now) break;
    store.delete(key);
  }
  for (const key of store.keys()) {
    if (store.size < max) break;
    store.delete(key);
  }
}
