import type { X509Certificate } from "node:crypto";
import type { JWTPayload } from "jose";
import type { CredentialQuery } from "../../formats/dcql.js";
import type { WalletBinding } from "../../formats/presentation-binding.js";
import { TestWalletError } from "../../test-wallet-error.js";
import { encryptResponse } from "../redirect/response-encryption.js";
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

/** A DC API request as the wallet read it, checked. */
export interface DcApiRequest {
  protocol: string;
  /** The request's parameters (a signed one's payload). */
  params: JWTPayload;
  /** Its first DCQL credential query. */
  query: CredentialQuery;
  binding: WalletBinding;
}

/**
 * The DC API from the wallet's side: picks the first OpenID4VP request of a page's
 * `digital.requests` it speaks, checks it (a signed one fully, see
 * {@link verifyDcApiRequestObject}) for the origin the browser reports, and turns the answer's
 * parameters into what `get()` resolves with — in the clear (`dc_api`) or encrypted to the
 * request's key (`dc_api.jwt`).
 */
export function dcApiClient(options: {
  /** The CA roots a signed request's `x5c` must chain to, for a request of these credential types. */
  rootsFor: (types: string[]) => () => Promise<X509Certificate[]>;
}) {
  async function readRequest(
    requests: readonly DigitalCredentialRequestLike[],
    origin: string,
  ): Promise<DcApiRequest> {
    const chosen = requests.find((r) =>
      (WALLET_DC_API_PROTOCOLS as readonly string[]).includes(r?.protocol),
    );
    if (!chosen)
      throw new TestWalletError(
        `test wallet: no DC API request it speaks (${WALLET_DC_API_PROTOCOLS.join(", ")})`,
      );
    const data = (chosen.data ?? {}) as Record<string, unknown>;
    let params: JWTPayload;
    if (chosen.protocol === "openid4vp-v1-signed") {
      if (typeof data.request !== "string")
        throw new TestWalletError("test wallet: a signed DC API request has data.request (a JWS)");
      const types = typesOf(firstQuery(peekPayload(data.request)));
      params = await verifyDcApiRequestObject(data.request, origin, options.rootsFor(types));
    } else {
      checkParameters(data);
      params = data as JWTPayload;
    }
    const query = firstQuery(params);
    if (!query)
      throw new TestWalletError("test wallet: the DC API request has no credential query");
    return {
      protocol: chosen.protocol,
      params,
      query,
      binding: { channel: "dc-api", origin, nonce: String(params.nonce) },
    };
  }

  /** The answer's parameters (`vp_token` or `error`) as `get()` resolves with them. */
  async function answer(
    request: DcApiRequest,
    content: Record<string, unknown>,
  ): Promise<DigitalCredentialAnswer> {
    // A wallet's error travels in the clear: it discloses nothing.
    if ("error" in content) return { protocol: request.protocol, data: content };
    return {
      protocol: request.protocol,
      data:
        request.params.response_mode === "dc_api.jwt"
          ? { response: await encryptResponse(request.params, content) }
          : content,
    };
  }

  return { readRequest, answer };
}

/** The credential types a query names (SD-JWT VC `vct_values`), to find the roots to trust. */
function typesOf(query: CredentialQuery | undefined): string[] {
  return ((query?.meta as { vct_values?: string[] } | undefined)?.vct_values ?? []) as string[];
}

function firstQuery(params: Record<string, unknown>): CredentialQuery | undefined {
  return (params.dcql_query as { credentials?: CredentialQuery[] } | undefined)?.credentials?.[0];
}

/** A JWS's payload, unverified: only to pick which roots to verify it with. */
function peekPayload(jws: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(jws.split(".")[1] ?? "", "base64url").toString("utf8"));
  } catch {
    return {};
  }
}
