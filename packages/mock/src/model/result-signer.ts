import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

/** The service's ES256 key that signs verification results; its public half is served as a JWKS. */
export class ResultSigner {
  private keyPair?: Promise<{ privateKey: CryptoKey; publicJwk: JWK }>;
  readonly kid = `res_${Date.now().toString(36)}`;

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
