import { createHash, randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

/**
 * DPoP (RFC 9449) as a wallet sends it: one key per wallet, and the server nonce it last handed
 * out. `send` signs a proof for the method and URL (and `ath` of the access token, at a resource)
 * when `dpop` is given, and retries once with the server's nonce when it asks for one.
 */
export function dpopClient(fetchImpl: typeof fetch, now: () => number) {
  const dpopKeys = generateKeyPair("ES256", { extractable: true }).then(
    async ({ privateKey, publicKey }) => ({ privateKey, publicJwk: await exportJWK(publicKey) }),
  );
  let dpopNonce: string | undefined;

  return async function send(
    url: string,
    init: RequestInit & { method: string },
    dpop: { accessToken?: string } | undefined,
  ): Promise<Response> {
    const attempt = async () => {
      const headers = new Headers(init.headers);
      if (dpop) {
        const { privateKey, publicJwk: jwk } = await dpopKeys;
        const htu = new URL(url);
        htu.search = "";
        htu.hash = "";
        headers.set(
          "dpop",
          await new SignJWT({
            jti: randomBytes(16).toString("base64url"),
            htm: init.method,
            htu: htu.href,
            iat: Math.floor(now() / 1000),
            ...(dpopNonce ? { nonce: dpopNonce } : {}),
            ...(dpop.accessToken
              ? { ath: createHash("sha256").update(dpop.accessToken).digest("base64url") }
              : {}),
          })
            .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk })
            .sign(privateKey),
        );
      }
      const response = await fetchImpl(url, { ...init, headers });
      const nonce = response.headers.get("dpop-nonce");
      if (nonce) dpopNonce = nonce;
      return response;
    };
    let response = await attempt();
    const askedForNonce = async (r: Response) =>
      (r.headers.get("www-authenticate") ?? "").includes("use_dpop_nonce") ||
      (r.status === 400 &&
        (
          (await r
            .clone()
            .json()
            .catch(() => ({}))) as { error?: unknown }
        ).error === "use_dpop_nonce");
    if (dpop && (await askedForNonce(response))) response = await attempt();
    return response;
  };
}
