import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";

/** The signing key as the emulator's data file keeps it. */
export interface SavedSigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** The service's ES256 key that signs verification results; its public half is served as a JWKS. */
export class ResultSigner {
  private keyPair?: Promise<{ privateKey: CryptoKey; publicJwk: JWK }>;
  private savedPrivateJwk?: Promise<JWK>;
  kid = `res_${Date.now().toString(36)}`;

  /** The key (made now if it was not yet), for the emulator's data file. */
  async exportKey(): Promise<SavedSigningKey> {
    const { publicJwk } = await this.keys();
    this.savedPrivateJwk ??= this.keys().then(({ privateKey }) => exportJWK(privateKey));
    return { kid: this.kid, privateJwk: await this.savedPrivateJwk, publicJwk };
  }

  /** Signs with a key saved by the emulator's data file from now on. */
  restoreKey(saved: SavedSigningKey): void {
    this.kid = saved.kid;
    this.savedPrivateJwk = Promise.resolve(saved.privateJwk);
    this.keyPair = importJWK(saved.privateJwk, "ES256").then((privateKey) => ({
      privateKey: privateKey as CryptoKey,
      publicJwk: saved.publicJwk,
    }));
  }

  private keys() {
    this.keyPair ??= generateKeyPair("ES256", { extractable: true }).then(
      async ({ privateKey, publicKey }) => ({
        privateKey,
        publicJwk: { ...(await exportJWK(publicKey)), kid: this.kid, alg: "ES256", use: "sig" },
      }),
    );
    return this.keyPair;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: [(await this.keys()).publicJwk] };
  }

  async sign(
    content: Record<string, unknown>,
    options: { issuer: string; audience: string; now: number },
  ): Promise<string> {
    const { privateKey } = await this.keys();
    const iat = Math.floor(options.now / 1000);
    return new SignJWT(content)
      .setProtectedHeader({ alg: "ES256", kid: this.kid, typ: "credport-result+jwt" })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 300)
      .sign(privateKey);
  }
}
