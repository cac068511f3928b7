import type { X509Certificate } from "node:crypto";
import { calculateJwkThumbprint, type JWTPayload } from "jose";
import type { CredentialQuery } from "../../formats/dcql.js";
import type { WalletBinding } from "../../formats/presentation-binding.js";
import { TestWalletError } from "../../test-wallet-error.js";
import type { WalletHttp } from "../../wallet-http.js";
import { responseEncryptionKey, verifyRequestObject } from "./request-object.js";
import { encryptResponse } from "./response-encryption.js";

/** A presentation request as the redirect flow delivered it, checked. */
export interface RedirectRequest {
  /** Where the request object came from. */
  requestUri: string;
  clientId: string;
  /** The request object's parameters. */
  request: JWTPayload;
  /** Its first DCQL credential query. */
  query: CredentialQuery;
  /** Every credential query, any one of which the wallet may answer (DCQL `credential_sets`). */
  queries: CredentialQuery[];
  /** Where the answer goes. */
  responseUri: string;
  binding: WalletBinding;
}

/**
 * The redirect flow from the wallet's side (OpenID4VP 1.0 by reference): reads an `openid4vp://`
 * URI, fetches and checks its request object as a careful wallet does, and posts the answer to
 * its `response_uri` — `direct_post`, or `direct_post.jwt` encrypted to the verifier's key.
 */
export function redirectClient(options: {
  http: WalletHttp;
  /** The CA roots of the verifier behind a request URI. */
  rootsFor: (requestUri: string) => () => Promise<X509Certificate[]>;
}) {
  const { http } = options;

  /** The request object, checked as a careful wallet checks it. */
  async function loadRequest(authorizationRequestUri: string): Promise<RedirectRequest> {
    let params: URLSearchParams;
    try {
      params = new URL(authorizationRequestUri).searchParams;
    } catch {
      params = new URLSearchParams();
    }
    const requestUri = params.get("request_uri");
    const clientId = params.get("client_id");
    if (!requestUri || !clientId)
      throw new TestWalletError(
        "test wallet: the authorization request needs client_id and request_uri",
      );
    const response = await http.fetch(requestUri, {
      headers: { accept: "application/oauth-authz-req+jwt" },
    });
    if (!response.ok)
      throw new TestWalletError(`test wallet: the request URI answered ${response.status}`);
    const request = await verifyRequestObject(await response.text(), clientId, {
      roots: options.rootsFor(requestUri),
    });
    const queries = (request.dcql_query as { credentials: CredentialQuery[] }).credentials;
    const query = queries[0]!;
    const responseUri = request.response_uri as string;
    return {
      requestUri,
      clientId,
      request,
      query,
      queries,
      responseUri,
      binding: {
        channel: "redirect",
        clientId,
        nonce: String(request.nonce),
        responseUri,
        // An encrypted answer's transcript names the key it is encrypted to (OpenID4VP B.2.6.1).
        ...(request.response_mode === "direct_post.jwt"
          ? { jwkThumbprint: await calculateJwkThumbprint(responseEncryptionKey(request).jwk) }
          : {}),
      },
    };
  }

  /**
   * Posts the answer's parameters (`vp_token` or `error`), with the request's `state` when it has
   * one (OpenID4VP 1.0 §5.2): as a form (`direct_post`), or the same parameters encrypted to the
   * verifier's key (`direct_post.jwt`).
   */
  async function postAnswer(loaded: RedirectRequest, params: Record<string, unknown>) {
    const { request, responseUri } = loaded;
    const state: Record<string, string> =
      request.state === undefined ? {} : { state: String(request.state) };
    const all = { ...params, ...state };
    if (request.response_mode === "direct_post.jwt")
      return http.postForm(responseUri, { response: await encryptResponse(request, all) });
    return http.postForm(
      responseUri,
      Object.fromEntries(
        Object.entries(all).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
      ),
    );
  }

  return { loadRequest, postAnswer };
}
