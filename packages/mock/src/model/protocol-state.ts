import { exportJWK, generateKeyPair, type JWK } from "jose";
import { ecPublicJwk } from "./ec-public-jwk.js";
import { randomToken } from "./ids.js";
import { issuerKey, tenantOfIssuerKey } from "./issuer-key.js";
import type { Tenant } from "./keys.js";
import { DEFAULT_MODEL_LIMITS, type ModelLimits } from "./limits.js";
import { verifierClientId } from "./verifier-identity.js";

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

export interface AccessTokenGrant {
  issuanceId: string;
  expiresAt: number;
  /** Set when the token response handed out `credential_identifiers` (OpenID4VCI 1.0 §6.2). */
  credentialIdentifiers?: string[];
}

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

  constructor(
    private readonly now: () => number,
    private readonly limits: Pick<
      ModelLimits,
      "protocolNonces" | "accessTokens"
    > = DEFAULT_MODEL_LIMITS,
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

  /** The tenant's verifier `client_id` (`decentralized_identifier:did:jwk:…`), the same at every call. */
  async verifierClientIdFor(tenant: Tenant): Promise<string> {
    return verifierClientId((await this.verifierKeysFor(tenant)).did);
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
    options: { notAfter: number; credentialIdentifiers?: string[] },
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
