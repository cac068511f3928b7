import type { X509Certificate } from "node:crypto";
import type { JWTPayload } from "jose";
import { encryptResponse } from "../../response-encryption.js";
import { TestWalletError } from "../../test-wallet-error.js";
import { checkParameters, verifyDcApiRequestObject } from "./dc-api-request-object.js";

/** The DC API protocols the test wallet answers: OpenID4VP 1.0 Appendix A, signed or not. */
export const WALLET_DC_API_PROTOCOLS = ["openid4vp-v1-signed", "openid4vp-v1-unsigned"] as const;

/** One entry of `digital.requests`, as a page hands it to `navigator.credentials.get()`. */
export interface DigitalCredentialRequestLike {
  protocol: string;
  data: unknown;
}

/** What `navigator.credentials.get()` resolves with (`DigitalCredential`'s `protocol` and `data`). */
export interface DigitalCredentialAnswer {
  protocol: string;
  data: Record<string, unknown>;
}

/** The DCQL credential query the wallet answers (the first of the request). */
export interface DcApiCredentialQuery {
  id: string;
  meta?: { vct_values?: string[] };
  claims?: { path: string[] }[];
}

/** What the wallet itself brings to an answer: its trust, its credentials, its key binding. */
export interface DcApiWalletParts {
  /** The CA roots a signed request's `x5c` must chain to, for a request asking for these types. */
  roots(vcts: string[]): () => Promise<X509Certificate[]>;
  /** The presentation (SD-JWT+KB) of a held credential for this query, bound to `audience` and `nonce`. */
  present(
    query: DcApiCredentialQuery,
    binding: { audience: string; nonce: string },
  ): Promise<string>;
}

/**
 * Answers one request of a page's `digital.requests` as a wallet on the device would, given the
 * origin the browser reports: picks the first OpenID4VP request it speaks, checks it (a signed one
 * fully, see {@link verifyDcApiRequestObject}), and answers with a presentation whose key binding
 * names `origin:<origin>`, in the clear (`dc_api`) or encrypted to the request's key
 * (`dc_api.jwt`); or with `data: { error: "access_denied" }` when the holder declines.
 */
export async function answerDcApiRequests(
  requests: readonly DigitalCredentialRequestLike[],
  options: { origin: string; refuse?: boolean; audience?: string },
  wallet: DcApiWalletParts,
): Promise<DigitalCredentialAnswer> {
  const chosen = requests.find((r) =>
    (WALLET_DC_API_PROTOCOLS as readonly string[]).includes(r?.protocol),
  );
  if (!chosen)
    throw new TestWalletError(
      `test wallet: no DC API request it speaks (${WALLET_DC_API_PROTOCOLS.join(", ")})`,
    );
  const data = (chosen.data ?? {}) as Record<string, unknown>;
  const vctsOf = (params: Record<string, unknown>) => firstQuery(params)?.meta?.vct_values ?? [];
  let params: JWTPayload;
  if (chosen.protocol === "openid4vp-v1-signed") {
    if (typeof data.request !== "string")
      throw new TestWalletError("test wallet: a signed DC API request has data.request (a JWS)");
    const unverified = peekPayload(data.request);
    params = await verifyDcApiRequestObject(
      data.request,
      options.origin,
      wallet.roots(vctsOf(unverified)),
    );
  } else {
    checkParameters(data);
    params = data as JWTPayload;
  }
  const answer = async (content: Record<string, unknown>): Promise<DigitalCredentialAnswer> => ({
    protocol: chosen.protocol,
    data:
      params.response_mode === "dc_api.jwt"
        ? { response: await encryptResponse(params, content) }
        : content,
  });
  if (options.refuse) return { protocol: chosen.protocol, data: { error: "access_denied" } };
  const query = firstQuery(params);
  if (!query) throw new TestWalletError("test wallet: the DC API request has no credential query");
  const presentation = await wallet.present(query, {
    audience: options.audience ?? `origin:${options.origin}`,
    nonce: String(params.nonce),
  });
  return answer({ vp_token: { [query.id]: [presentation] } });
}

function firstQuery(params: Record<string, unknown>): DcApiCredentialQuery | undefined {
  return (params.dcql_query as { credentials?: DcApiCredentialQuery[] } | undefined)
    ?.credentials?.[0];
}

/** A JWS's payload, unverified: only to pick which roots to verify it with. */
function peekPayload(jws: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(jws.split(".")[1] ?? "", "base64url").toString("utf8"));
  } catch {
    return {};
  }
}
