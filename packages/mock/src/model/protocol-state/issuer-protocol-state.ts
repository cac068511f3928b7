import { exportJWK, generateKeyPair, type JWK } from "jose";
import { randomToken } from "../infrastructure/ids.js";
import type { ModelLimits } from "../infrastructure/limits.js";
import { RememberOnce } from "../infrastructure/remember-once.js";
import type { Tenant } from "../keys.js";
import type { LeafCertificates } from "../pki/leaf-certificates.js";
import { tenantKey } from "../tenant-key.js";
import { existingStoreOf, makeRoom, storeOf, type TenantStores, take } from "./tenant-stores.js";

export interface IssuerKeys {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** An access token lives at most this long, and never beyond the offer it was issued for. */
const ACCESS_TOKEN_TTL_MS = 10 * 60 * 1000;
/** A c_nonce is good for five minutes. */
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
 * What the issuer endpoints (OpenID4VCI and the issuer's own authorization server) remember between
 * steps: issuer keys, access tokens, c_nonces, pushed requests, authorization codes, DPoP nonces and
 * proof `jti`s. All of it is per project environment (tenant): each is its own issuer, with its own
 * keys and its own share of the caps, so that one project can neither sign as another nor push out
 * another's tokens and nonces.
 */
export class IssuerProtocolState {
  private readonly keys = new Map<string, Promise<IssuerKeys>>();
  /** Live access tokens by tenant, each with its grant: one issuer's flood evicts only its own. */
  private readonly accessTokens: TenantStores<AccessTokenGrant> = new Map();
  /** Unused c_nonces by tenant, each with its expiry: one issuer's flood evicts only its own. */
  private readonly nonces: TenantStores<number> = new Map();
  /** Pushed authorization requests by tenant, by request URI. */
  private readonly pushed: TenantStores<PushedAuthorization> = new Map();
  /** Unused authorization codes by tenant. */
  private readonly codes: TenantStores<AuthorizationCodeGrant> = new Map();
  /** Used authorization codes by tenant, with the token issued for each, while it may live. */
  private readonly spentCodes: TenantStores<{ token?: string; expiresAt: number }> = new Map();
  /** DPoP server nonces by tenant: the current one and the one before it. */
  private readonly dpopNonces = new Map<
    string,
    { current: string; previous?: string; since: number }
  >();
  /** Proof `jti`s seen by tenant (DPoP proofs, client attestation PoPs). */
  private readonly proofJtis = new Map<string, RememberOnce>();

  constructor(
    private readonly now: () => number,
    private readonly limits: Pick<
      ModelLimits,
      "protocolNonces" | "accessTokens" | "authorizationRequests" | "dpopProofs"
    >,
    private readonly certificates: LeafCertificates,
  ) {}

  /** The tenant's ES256 issuer key, made on first use. */
  keysFor(tenant: Tenant): Promise<IssuerKeys> {
    const key = tenantKey(tenant);
    let keys = this.keys.get(key);
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
      this.keys.set(key, keys);
    }
    return keys;
  }

  /** Every issuer key made so far, by tenant key, for the emulator's data file. */
  savedKeys(): Map<string, Promise<IssuerKeys>> {
    return this.keys;
  }

  /** Puts back a key saved by the emulator's data file. */
  restoreKeys(tenant: Tenant, keys: IssuerKeys): void {
    this.keys.set(tenantKey(tenant), Promise.resolve(keys));
  }

  /**
   * The tenant's issuer document-signer certificate (DER, base64) for its issuer key, signed by the
   * test CA, naming the issuer's host (SAN dNSName) and its `credential_issuer` URL (SAN URI).
   */
  async certificateFor(tenant: Tenant, credentialIssuer: string): Promise<string> {
    const host = new URL(credentialIssuer).hostname;
    return this.certificates.leafFor("issuer", tenant, host, async () => ({
      commonName: `Issuer ${tenantKey(tenant)}`,
      publicJwk: (await this.keysFor(tenant)).publicJwk,
      dnsNames: [host],
      uris: [credentialIssuer],
    }));
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
    const grant = existingStoreOf(this.accessTokens, tenant)?.get(token);
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
    const store = existingStoreOf(this.nonces, tenant);
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
      if (earlier.token) existingStoreOf(this.accessTokens, tenant)?.delete(earlier.token);
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
    const spent = existingStoreOf(this.spentCodes, tenant)?.get(code);
    if (spent) spent.token = token;
  }

  /**
   * The issuer's current DPoP server nonce (RFC 9449 §8), rotated every five minutes of real time:
   * one per issuer, so nonces cost no memory per wallet. The one before stays good until the next
   * rotation, so a nonce handed out just before a rotation still works.
   */
  dpopNonce(tenant: Tenant): string {
    const key = tenantKey(tenant);
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
    return nonce === current || nonce === this.dpopNonces.get(tenantKey(tenant))?.previous;
  }

  /**
   * Remembers a proof's `jti` at the tenant's issuer for {@link PROOF_JTI_MEMORY_MS}: `"new"` the
   * first time, `"replayed"` after, `"full"` when the issuer's `dpopProofs` cap is all live.
   */
  claimProofJti(tenant: Tenant, jti: string): "new" | "replayed" | "full" {
    const key = tenantKey(tenant);
    let seen = this.proofJtis.get(key);
    if (!seen) {
      seen = new RememberOnce(this.limits.dpopProofs);
      this.proofJtis.set(key, seen);
    }
    return seen.claim(jti, PROOF_JTI_MEMORY_MS);
  }
}
