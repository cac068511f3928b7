import { exportJWK, generateKeyPair, type JWK } from "jose";
import { randomToken } from "../model/ids.js";
import type { Tenant } from "../model/keys.js";
import { issuerKey } from "./urls.js";

export interface IssuerKeys {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** The verifier's signing key, identified by a did:jwk (OpenID4VP client identifier prefix `decentralized_identifier`). */
export interface VerifierKeys extends IssuerKeys {
  did: string;
}

const ACCESS_TOKEN_TTL_MS = 10 * 60 * 1000;
const NONCE_TTL_MS = 5 * 60 * 1000;

/** What the protocol endpoints remember between steps: issuer keys, access tokens, nonces. */
export class ProtocolState {
  private readonly issuerKeys = new Map<string, Promise<IssuerKeys>>();
  private readonly accessTokens = new Map<string, { issuanceId: string; expiresAt: number }>();
  private readonly nonces = new Map<string, number>();
  private verifier?: Promise<VerifierKeys>;

  constructor(private readonly now: () => number) {}

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

  /** The service's verifier key, made on first use: it signs every presentation request. */
  verifierKeys(): Promise<VerifierKeys> {
    this.verifier ??= generateKeyPair("ES256", { extractable: true }).then(
      async ({ privateKey, publicKey }) => {
        const { kty, crv, x, y } = await exportJWK(publicKey);
        const did = `did:jwk:${Buffer.from(JSON.stringify({ kty, crv, x, y })).toString("base64url")}`;
        const kid = `${did}#0`;
        return {
          did,
          kid,
          privateJwk: { ...(await exportJWK(privateKey)), kid, alg: "ES256" },
          publicJwk: { kty, crv, x, y, kid, alg: "ES256" },
        };
      },
    );
    return this.verifier;
  }

  issueAccessToken(issuanceId: string): { token: string; expiresIn: number } {
    const token = `at_${randomToken(32)}`;
    this.accessTokens.set(token, { issuanceId, expiresAt: this.now() + ACCESS_TOKEN_TTL_MS });
    return { token, expiresIn: ACCESS_TOKEN_TTL_MS / 1000 };
  }

  issuanceForAccessToken(token: string): string | undefined {
    const entry = this.accessTokens.get(token);
    return entry && entry.expiresAt > this.now() ? entry.issuanceId : undefined;
  }

  issueNonce(): string {
    const nonce = randomToken(24);
    this.nonces.set(nonce, this.now() + NONCE_TTL_MS);
    return nonce;
  }

  /** A c_nonce is good for one proof. */
  consumeNonce(nonce: unknown): boolean {
    if (typeof nonce !== "string") return false;
    const expiresAt = this.nonces.get(nonce);
    this.nonces.delete(nonce);
    return expiresAt !== undefined && expiresAt > this.now();
  }
}
