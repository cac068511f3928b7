import { ES256 } from "@sd-jwt/crypto-nodejs";
import type { JWK } from "jose";
import {
  type DigitalCredentialAnswer,
  type DigitalCredentialRequestLike,
  dcApiClient,
} from "./channels/dc-api/dc-api-answer.js";
import { redirectClient } from "./channels/redirect/redirect-client.js";
import type { CredentialQuery } from "./formats/dcql.js";
import { holderFormatOf } from "./formats/formats.js";
import type { WalletBinding } from "./formats/presentation-binding.js";
import { issuanceClient } from "./issuance/issuance-client.js";
import { displayName } from "./issuance/issuer-metadata.js";
import { DEFAULT_TEST_IDENTITY, IDENTITY_VCT } from "./test-identity.js";
import { TestWalletError } from "./test-wallet-error.js";
import { caRoots } from "./trust/ca-roots.js";
import type {
  AcceptOfferOptions,
  DcApiPresentOptions,
  HeldCredential,
  PresentOptions,
  RequestPreview,
  TestWallet,
  TestWalletOptions,
} from "./types.js";
import { walletHttp } from "./wallet-http.js";

/** Where the emulator hands a test wallet an offer of a global definition (test environments only). */
const TEST_CREDENTIAL_OFFER_SUFFIX = "/test-credential-offer";

/**
 * A scripted holder for tests and demos. It speaks only the public protocol: OpenID4VCI to receive
 * SD-JWT VCs, OpenID4VP to present them, checking what a careful wallet checks (the issuer metadata
 * lists the offered configuration; the request object is signed by its client_id's key), with knobs
 * that produce each failure on purpose. It shares no code with the mock it talks to beyond generic
 * X.509 checks: an issuance client, one module per channel (`channels/`) and per format
 * (`formats/`), composed here.
 */
export async function createTestWallet(options: TestWalletOptions = {}): Promise<TestWallet> {
  const http = walletHttp(
    options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args)),
  );
  const now = options.now ?? Date.now;
  const identity =
    options.identity === false ? undefined : { ...DEFAULT_TEST_IDENTITY, ...options.identity };
  const { privateKey, publicKey } = await ES256.generateKeyPair();
  const privateJwk = privateKey as JWK;
  const publicJwk = {
    kty: publicKey.kty,
    crv: publicKey.crv,
    x: publicKey.x,
    y: publicKey.y,
  } as JWK;
  const credentials: HeldCredential[] = [];
  /** The credential issuer each held credential came from, to find the CA its verifiers use. */
  const issuers = new WeakMap<HeldCredential, string>();
  const issuerOf = (credential: HeldCredential) =>
    credential.format === "dc+sd-jwt" ? credential.issuer : issuers.get(credential);
  const issuance = issuanceClient({ http, now, holder: { publicJwk, privateJwk } });
  const rootsFor = caRoots(http, options.trustedRoots);
  const redirect = redirectClient({ http, rootsFor });

  async function acceptOffer(offerUri: string, acceptOptions: AcceptOfferOptions = {}) {
    const { credential, configuration, issuer } = await issuance.redeemOffer(
      offerUri,
      acceptOptions,
    );
    const format = holderFormatOf(configuration.format);
    if (!format)
      throw new TestWalletError(
        `test wallet: the offered credential's format ${String(configuration.format)} is not one this wallet holds`,
      );
    const held = await format.hold(
      credential,
      displayName(configuration.credential_metadata?.display),
    );
    issuers.set(held, issuer);
    credentials.push(held);
    return held;
  }

  /** An identity for the presets, issued over OpenID4VCI from the emulator's test issuance. */
  async function obtainIdentity(requestUri: string): Promise<HeldCredential> {
    const answer = await http.call(`${requestUri}${TEST_CREDENTIAL_OFFER_SUFFIX}`, {
      method: "POST",
      body: JSON.stringify({ claims: identity }),
      headers: { "content-type": "application/json" },
    });
    if (!answer.ok)
      throw new TestWalletError(
        `test wallet: no identity credential is held and the verifier issues none (${answer.body.error_description ?? answer.status})`,
      );
    return acceptOffer(answer.body.offer_uri as string);
  }

  /**
   * Of a request's credential queries (any one of which answers it: DCQL `credential_sets`), the
   * first that the given credential, else a held one, answers; else the first.
   */
  function chooseQuery<T extends { query: CredentialQuery; queries: CredentialQuery[] }>(
    request: T,
    given?: HeldCredential,
  ): T {
    const query =
      request.queries.find((q) => {
        const format = holderFormatOf(q.format);
        if (!format) return false;
        return given ? format.fits(given, q) : credentials.some((c) => format.fits(c, q));
      }) ?? request.query;
    return { ...request, query };
  }

  /** The request, the format it asks for, and the newest held credential that answers it. */
  async function loadRequest(authorizationRequestUri: string, given?: HeldCredential) {
    const loaded = chooseQuery(await redirect.loadRequest(authorizationRequestUri), given);
    const format = holderFormatOf(loaded.query.format);
    if (!format)
      throw new TestWalletError(
        `test wallet: the request asks for the format ${String(loaded.query.format)}, which this wallet does not hold`,
      );
    const types = format.queriedTypes(loaded.query);
    const held = [...credentials].reverse().find((c) => format.fits(c, loaded.query));
    return { loaded, format, types, held };
  }

  async function inspectRequest(authorizationRequestUri: string): Promise<RequestPreview> {
    const { loaded, types, held } = await loadRequest(authorizationRequestUri);
    return {
      clientId: loaded.clientId,
      responseUri: loaded.responseUri,
      vcts: types,
      fields: (loaded.query.claims ?? []).map((claim) => [...claim.path]),
      ...(held ? { credential: held } : {}),
      obtainsTestIdentity: !held && identity !== undefined && types.includes(IDENTITY_VCT),
    };
  }

  async function present(authorizationRequestUri: string, presentOptions: PresentOptions = {}) {
    const { loaded, format, types, held } = await loadRequest(
      authorizationRequestUri,
      presentOptions.credential,
    );
    if (presentOptions.refuse) {
      await redirect.postAnswer(loaded, {
        error: "access_denied",
        error_description: "The holder declined.",
      });
      return;
    }
    let credential = presentOptions.credential ?? held;
    if (!credential && identity && types.includes(IDENTITY_VCT))
      credential = await obtainIdentity(loaded.requestUri);
    if (!credential)
      throw new TestWalletError(`test wallet: no credential of type ${types.join(", ")}`);
    const omitted = (presentOptions.omit ?? []).map((path) =>
      typeof path === "string" ? path.split(".") : [...path],
    );
    const paths = (loaded.query.claims ?? [])
      .map((c) => c.path)
      .filter((path) => !omitted.some((o) => o.every((segment, i) => path[i] === segment)));
    const presentation = await format.present(credential, {
      paths,
      binding: loaded.binding,
      holderPrivateJwk: privateJwk,
      nowSeconds: Math.floor(now() / 1000),
      tamper: presentOptions.tamper,
    });
    await redirect.postAnswer(loaded, { vp_token: { [loaded.query.id]: [presentation] } });
  }

  async function answerDcApiRequest(
    requests: readonly DigitalCredentialRequestLike[],
    dcApiOptions: DcApiPresentOptions,
  ): Promise<DigitalCredentialAnswer> {
    // The request names no verification: the same verification's link, when given, does.
    const requestUri = dcApiOptions.identityFrom
      ? new URL(dcApiOptions.identityFrom).searchParams.get("request_uri")
      : null;
    const dcApi = dcApiClient({
      rootsFor: (types) => {
        if (requestUri || options.trustedRoots) return rootsFor(requestUri ?? "");
        // The emulator that issued the credential asked for (else any held one) signs its
        // verifiers' requests too.
        const held = [...credentials]
          .reverse()
          .map((c) => ({ type: c.format === "dc+sd-jwt" ? c.vct : c.docType, issuer: issuerOf(c) }))
          .filter((c) => c.issuer !== undefined);
        const issuer = (held.find((c) => types.includes(c.type)) ?? held[0])?.issuer;
        if (!issuer)
          return async () => {
            throw new TestWalletError(
              "test wallet: no CA root to check the DC API request with: pass trustedRoots, or identityFrom",
            );
          };
        return rootsFor(`${issuer.replace(/\/oid4vci\/issuers\/[^/]*$/, "")}/oid4vp/requests/x`);
      },
    });
    const request = chooseQuery(
      await dcApi.readRequest(requests, dcApiOptions.origin, dcApiOptions.protocol),
      dcApiOptions.credential,
    );
    if (dcApiOptions.refuse) return dcApi.answer(request, { error: "access_denied" });
    const format = holderFormatOf(request.query.format);
    if (!format)
      throw new TestWalletError(
        `test wallet: the request asks for the format ${String(request.query.format)}, which this wallet does not hold`,
      );
    const types = format.queriedTypes(request.query);
    let credential =
      dcApiOptions.credential ??
      [...credentials].reverse().find((c) => format.fits(c, request.query));
    if (!credential && identity && requestUri && types.includes(IDENTITY_VCT))
      credential = await obtainIdentity(requestUri);
    if (!credential)
      throw new TestWalletError(
        `test wallet: no credential of type ${types.join(", ")} (accept an offer first)`,
      );
    const omitted = (dcApiOptions.omit ?? []).map((path) =>
      typeof path === "string" ? path.split(".") : [...path],
    );
    const paths = (request.query.claims ?? [])
      .map((c) => c.path)
      .filter((path) => !omitted.some((o) => o.every((segment, i) => path[i] === segment)));
    // Another origin (tamper "audience"), or a binding as for the redirect flow (`audience`).
    const binding: WalletBinding =
      dcApiOptions.tamper === "audience" && request.binding.channel !== "redirect"
        ? { ...request.binding, origin: "https://attacker.example" }
        : dcApiOptions.audience !== undefined && request.binding.channel === "dc-api"
          ? {
              channel: "redirect",
              clientId: dcApiOptions.audience,
              nonce: request.binding.nonce,
              responseUri: "",
            }
          : request.binding;
    const presentation = await format.present(credential, {
      paths,
      binding,
      holderPrivateJwk: privateJwk,
      nowSeconds: Math.floor(now() / 1000),
      tamper: dcApiOptions.tamper === "audience" ? undefined : dcApiOptions.tamper,
    });
    return dcApi.answer(request, { vp_token: { [request.query.id]: [presentation] } });
  }

  return {
    publicJwk,
    credentials,
    inspectOffer: issuance.inspectOffer,
    inspectRequest,
    acceptOffer,
    present,
    answerDcApiRequest,
  };
}
