import { ES256 } from "@sd-jwt/crypto-nodejs";
import {
  compactVerify,
  decodeJwt,
  decodeProtectedHeader,
  importJWK,
  type JWK,
  SignJWT,
} from "jose";
import { presentationFrame, sdJwtVc } from "../protocol/sd-jwt.js";

const PRE_AUTHORIZED_GRANT = "urn:ietf:params:oauth:grant-type:pre-authorized_code";

/** A credential the wallet holds. */
export interface HeldCredential {
  /** The SD-JWT VC as issued (issuer JWT and every disclosure). */
  sdJwt: string;
  format: "dc+sd-jwt";
  vct: string;
  issuer: string;
}

/** Ways to make a presentation fail on purpose. */
export type Tamper = "disclosure" | "signature" | "nonce" | "audience" | "sd_hash" | "stale";

export interface PresentOptions {
  /** Claim paths (dot-joined, e.g. "address.locality") the wallet leaves out: claims_missing. */
  omit?: string[];
  /** Break the presentation in one way: presentation_invalid. */
  tamper?: Tamper;
  /** The holder declines: wallet_rejected. */
  refuse?: boolean;
  /** Which held credential to present (default: the newest of the requested type). */
  credential?: HeldCredential;
}

export interface TestWalletOptions {
  /** A Fetch implementation, so that the wallet can run through msw too. Defaults to the global one. */
  fetch?: typeof fetch;
  /** The holder's clock in ms, for key-binding `iat` and proof `iat` (default: Date.now). */
  now?: () => number;
}

export interface TestWallet {
  /** The holder's public key, bound into every credential it receives. */
  readonly publicJwk: JWK;
  readonly credentials: readonly HeldCredential[];
  /** Runs the OpenID4VCI pre-authorized code flow for an `openid-credential-offer://` URI. */
  acceptOffer(offerUri: string, options?: { txCode?: string }): Promise<HeldCredential>;
  /** Answers an `openid4vp://` authorization request over direct_post. */
  present(authorizationRequestUri: string, options?: PresentOptions): Promise<void>;
}

/**
 * A scripted holder for tests and demos. It speaks only the public protocol: OpenID4VCI to receive
 * SD-JWT VCs, OpenID4VP to present them, with knobs that produce each failure on purpose.
 */
export async function createTestWallet(options: TestWalletOptions = {}): Promise<TestWallet> {
  const http = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const now = options.now ?? Date.now;
  const { privateKey, publicKey } = await ES256.generateKeyPair();
  const privateJwk = privateKey as JWK;
  const publicJwk = {
    kty: publicKey.kty,
    crv: publicKey.crv,
    x: publicKey.x,
    y: publicKey.y,
  } as JWK;
  const credentials: HeldCredential[] = [];

  async function getJson(url: string): Promise<Record<string, unknown>> {
    const response = await http(url, { headers: { accept: "application/json" } });
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok)
      throw new Error(
        `test wallet: GET ${url} answered ${response.status} ${body.error ?? ""}: ${body.error_description ?? ""}`,
      );
    return body;
  }

  async function post(
    url: string,
    body: BodyInit,
    headers: Record<string, string>,
  ): Promise<Record<string, unknown>> {
    const response = await http(url, { method: "POST", body, headers });
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!response.ok)
      throw new Error(
        `test wallet: POST ${url} answered ${response.status} ${parsed.error ?? ""}: ${parsed.error_description ?? ""}`,
      );
    return parsed;
  }

  return {
    publicJwk,
    credentials,

    async acceptOffer(offerUri, acceptOptions = {}) {
      const offerUrl = new URL(offerUri).searchParams.get("credential_offer_uri");
      if (!offerUrl) throw new Error("test wallet: the offer URI has no credential_offer_uri");
      const offer = await getJson(offerUrl);
      const issuer = offer.credential_issuer as string;
      const issuerUrl = new URL(issuer);
      const metadata = await getJson(
        `${issuerUrl.origin}/.well-known/openid-credential-issuer${issuerUrl.pathname}`,
      );
      const asMetadata = await getJson(
        `${issuerUrl.origin}/.well-known/oauth-authorization-server${issuerUrl.pathname}`,
      );
      const grant = (offer.grants as Record<string, Record<string, unknown>>)[PRE_AUTHORIZED_GRANT];
      if (!grant) throw new Error("test wallet: the offer has no pre-authorized code grant");
      const form = new URLSearchParams({
        grant_type: PRE_AUTHORIZED_GRANT,
        "pre-authorized_code": String(grant["pre-authorized_code"]),
      });
      if (grant.tx_code !== undefined || acceptOptions.txCode !== undefined)
        form.set("tx_code", acceptOptions.txCode ?? "");
      const token = await post(asMetadata.token_endpoint as string, form, {
        "content-type": "application/x-www-form-urlencoded",
      });
      const { c_nonce: nonce } = await post(metadata.nonce_endpoint as string, "", {});
      const proof = await new SignJWT({ nonce })
        .setProtectedHeader({ alg: "ES256", typ: "openid4vci-proof+jwt", jwk: publicJwk })
        .setAudience(issuer)
        .setIssuedAt(Math.floor(now() / 1000))
        .sign(await importJWK(privateJwk, "ES256"));
      const configurationId = (offer.credential_configuration_ids as string[])[0]!;
      const issued = await post(
        metadata.credential_endpoint as string,
        JSON.stringify({ credential_configuration_id: configurationId, proofs: { jwt: [proof] } }),
        { "content-type": "application/json", authorization: `Bearer ${token.access_token}` },
      );
      const sdJwt = (issued.credentials as { credential: string }[])[0]!.credential;
      const payload = decodeJwt(sdJwt.split("~")[0]!);
      const held: HeldCredential = {
        sdJwt,
        format: "dc+sd-jwt",
        vct: payload.vct as string,
        issuer: payload.iss as string,
      };
      credentials.push(held);
      return held;
    },

    async present(authorizationRequestUri, presentOptions = {}) {
      const params = new URL(authorizationRequestUri).searchParams;
      const requestUri = params.get("request_uri");
      if (!requestUri) throw new Error("test wallet: the authorization request has no request_uri");
      const response = await http(requestUri, {
        headers: { accept: "application/oauth-authz-req+jwt" },
      });
      if (!response.ok) throw new Error(`test wallet: the request URI answered ${response.status}`);
      const requestObject = await response.text();
      await verifyRequestObject(requestObject);
      const request = decodeJwt(requestObject);
      if (request.client_id !== params.get("client_id"))
        throw new Error("test wallet: client_id of the request object does not match");
      const responseUri = request.response_uri as string;
      const form = (values: Record<string, string>) =>
        post(responseUri, new URLSearchParams(values), {
          "content-type": "application/x-www-form-urlencoded",
        });
      if (presentOptions.refuse) {
        await form({
          error: "access_denied",
          error_description: "The holder declined.",
          state: String(request.state),
        });
        return;
      }
      const query = (
        request.dcql_query as {
          credentials: {
            id: string;
            meta?: { vct_values?: string[] };
            claims?: { path: string[] }[];
          }[];
        }
      ).credentials[0]!;
      const vcts = query.meta?.vct_values ?? [];
      const credential =
        presentOptions.credential ??
        [...credentials].reverse().find((c) => vcts.length === 0 || vcts.includes(c.vct));
      if (!credential) throw new Error(`test wallet: no credential of type ${vcts.join(", ")}`);
      const omit = new Set(presentOptions.omit ?? []);
      const paths = (query.claims ?? [])
        .map((c) => c.path)
        .filter((path) => !omit.has(path.join(".")));
      const tamper = presentOptions.tamper;
      const sdjwt = await sdJwtVc({ holderPrivateJwk: privateJwk });
      const nowSeconds = Math.floor(now() / 1000) - (tamper === "stale" ? 3600 : 0);
      let presentation = await sdjwt.present(credential.sdJwt, presentationFrame(paths) as never, {
        kb: {
          payload: {
            iat: nowSeconds,
            aud:
              tamper === "audience"
                ? "redirect_uri:https://attacker.example/cb"
                : String(request.client_id),
            nonce: tamper === "nonce" ? "not-the-verifier-nonce" : String(request.nonce),
          },
        },
      });
      presentation = tamperWith(presentation, tamper);
      await form({
        vp_token: JSON.stringify({ [query.id]: [presentation] }),
        state: String(request.state),
      });
    },
  };
}

/** The verifier signs its request object with the key behind its did:jwk; anything else is refused. */
async function verifyRequestObject(jwt: string): Promise<void> {
  const { kid, alg } = decodeProtectedHeader(jwt);
  if (alg !== "ES256" || !kid?.startsWith("did:jwk:"))
    throw new Error("test wallet: the request object is not signed by a did:jwk verifier");
  const publicJwk = JSON.parse(
    Buffer.from(kid.slice("did:jwk:".length).split("#")[0]!, "base64url").toString("utf8"),
  ) as JWK;
  await compactVerify(jwt, await importJWK(publicJwk, "ES256"));
}

function tamperWith(presentation: string, tamper: Tamper | undefined): string {
  const parts = presentation.split("~");
  if (tamper === "signature") {
    const [header, payload, signature] = parts[0]!.split(".");
    parts[0] = `${header}.${payload}.${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`;
  }
  if (tamper === "disclosure" && parts.length > 2) {
    const disclosure = JSON.parse(
      Buffer.from(parts[1]!, "base64url").toString("utf8"),
    ) as unknown[];
    disclosure[2] = typeof disclosure[2] === "string" ? `${disclosure[2]}!` : "changed";
    parts[1] = Buffer.from(JSON.stringify(disclosure)).toString("base64url");
  }
  if (tamper === "sd_hash" && parts.length > 2) parts.splice(1, 1);
  return parts.join("~");
}
