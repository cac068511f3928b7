import type { X509Certificate } from "node:crypto";
import { calculateJwkThumbprint, type JWTPayload } from "jose";
import type { CredentialQuery } from "../../formats/dcql.js";
import { checkAnnexCReaderAuth } from "../../formats/mso-mdoc/annex-c-reader.js";
import { ORG_ISO_MDOC, readAnnexCRequest } from "../../formats/mso-mdoc/annex-c-request.js";
import { sealAnnexCResponse } from "../../formats/mso-mdoc/annex-c-seal.js";
import type { WalletBinding } from "../../formats/presentation-binding.js";
import { TestWalletError } from "../../test-wallet-error.js";
import { responseEncryptionKey } from "../redirect/request-object.js";
import { encryptResponse } from "../redirect/response-encryption.js";
import { checkParameters, verifyDcApiRequestObject } from "./dc-api-request-object.js";

/**
 * The DC API protocols the test wallet answers: OpenID4VP 1.0 Appendix A, signed or not, and
 * ISO/IEC 18013-7 Annex C for mdocs.
 */
export const WALLET_DC_API_PROTOCOLS = [
  "openid4vp-v1-signed",
  "openid4vp-v1-unsigned",
  ORG_ISO_MDOC,
] as const;

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
  /** The request's parameters (a signed one's payload; none for Annex C). */
  params: JWTPayload;
  /** Its first DCQL credential query. */
  query: CredentialQuery;
  /** Every credential query, any one of which the wallet may answer (DCQL `credential_sets`). */
  queries: CredentialQuery[];
  binding: WalletBinding;
}

/**
 * The DC API from the wallet's side: picks the first request of a page's `digital.requests` it
 * speaks (or the one of the protocol asked for), checks it (a signed one fully, see
 * {@link verifyDcApiRequestObject}) for the origin the browser reports, and turns the answer's
 * parameters into what `get()` resolves with — in the clear (`dc_api`), encrypted to the
 * request's key (`dc_api.jwt`), or an mdoc's `DeviceResponse` sealed with HPKE (Annex C).
 */
export function dcApiClient(options: {
  /** The CA roots a signed request's `x5c` must chain to, for a request of these credential types. */
  rootsFor: (types: string[]) => () => Promise<X509Certificate[]>;
}) {
  async function readRequest(
    requests: readonly DigitalCredentialRequestLike[],
    origin: string,
    protocol?: string,
  ): Promise<DcApiRequest> {
    const spoken: readonly string[] = protocol ? [protocol] : WALLET_DC_API_PROTOCOLS;
    const chosen = requests.find(
      (r) =>
        spoken.includes(r?.protocol) &&
        (WALLET_DC_API_PROTOCOLS as readonly string[]).includes(r.protocol),
    );
    if (!chosen)
      throw new TestWalletError(`test wallet: no DC API request it speaks (${spoken.join(", ")})`);
    const data = (chosen.data ?? {}) as Record<string, unknown>;
    if (chosen.protocol === ORG_ISO_MDOC)
      return readAnnexC(
        requests.filter((r) => r?.protocol === ORG_ISO_MDOC),
        origin,
      );
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
      queries: (params.dcql_query as { credentials: CredentialQuery[] }).credentials,
      binding: {
        channel: "dc-api",
        origin,
        nonce: String(params.nonce),
        // An encrypted answer's transcript names the key it is encrypted to (OpenID4VP B.2.6.2).
        ...(params.response_mode === "dc_api.jwt"
          ? { jwkThumbprint: await calculateJwkThumbprint(responseEncryptionKey(params).jwk) }
          : {}),
      },
    };
  }

  /**
   * The Annex C request made for this page: of the `org-iso-mdoc` requests (a verifier with
   * several origins makes one per origin), the first whose reader authentication holds for the
   * page's origin — else the refusal of the first.
   */
  async function readAnnexC(
    annexC: readonly DigitalCredentialRequestLike[],
    origin: string,
  ): Promise<DcApiRequest> {
    let refusal: unknown;
    for (const request of annexC) {
      const data = (request.data ?? {}) as Record<string, unknown>;
      const { queries, encryptionInfo } = readAnnexCRequest(data);
      const binding = { channel: "annex-c" as const, origin, encryptionInfo };
      try {
        const roots = await options.rootsFor(queries.flatMap((q) => typesOf(q)))();
        checkAnnexCReaderAuth(String(data.deviceRequest), binding, roots, new Date());
      } catch (error) {
        refusal ??= error;
        continue;
      }
      return { protocol: ORG_ISO_MDOC, params: {}, query: queries[0]!, queries, binding };
    }
    throw refusal;
  }

  /** The answer's parameters (`vp_token` or `error`) as `get()` resolves with them. */
  async function answer(
    request: DcApiRequest,
    content: Record<string, unknown>,
  ): Promise<DigitalCredentialAnswer> {
    // A wallet's error travels in the clear: it discloses nothing.
    if ("error" in content) return { protocol: request.protocol, data: content };
    if (request.binding.channel === "annex-c") {
      // Annex C answers one DeviceResponse, sealed to the request's key over its transcript.
      const [presentation] = Object.values(content.vp_token as Record<string, string[]>)[0]!;
      return {
        protocol: request.protocol,
        data: {
          response: await sealAnnexCResponse(
            new Uint8Array(Buffer.from(presentation!, "base64url")),
            request.binding,
          ),
        },
      };
    }
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

/**
 * The credential types a query names (SD-JWT VC `vct_values`, mdoc `doctype_value`), to find the
 * roots to trust.
 */
function typesOf(query: CredentialQuery | undefined): string[] {
  const meta = query?.meta as { vct_values?: string[]; doctype_value?: string } | undefined;
  return [...(meta?.vct_values ?? []), ...(meta?.doctype_value ? [meta.doctype_value] : [])];
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
