import type { Coordination } from "@credport/browser";
import {
  createModel,
  createRouter,
  DEFAULT_MOCK_BASE_URL,
  DROP_CONNECTION,
  type Model,
} from "@credport/mock";
import { createTestWallet, type PresentOptions } from "@credport/mock/wallet";
import type { CredportProviderProps } from "./credport-context.js";

const APP_ORIGIN = "https://app.credport.test";
const START = "/api/credport/verifications";
const SESSION = "/api/credport/session";
/** `@credport/next`'s default session lifetime (sessionMaxAgeSeconds). */
const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface CredportTestEnvironment {
  model: Model;
  /** Spread into `<CredportProvider {...providerProps}>`: no network, everything answers from `model`. */
  providerProps: Omit<CredportProviderProps, "children">;
  /** The in-memory fetch behind the provider: the Credport API, plus a start and a session route. */
  fetch: typeof fetch;
  /** How many sessions the fake backend finalized. */
  finalizedSessions(): number;
  /**
   * Gives this browser a verified session (`true`) or takes it away (`false`), as if it had
   * verified earlier or signed out elsewhere: what `GET` on the session route answers next.
   */
  setSession(verified: boolean): void;
  /** The verification the component started last. */
  latestVerification(): { id: string; authorizationRequestUri: string } | undefined;
  /**
   * A test wallet answers the latest verification over the real protocol, with an identity
   * credential (given_name, family_name, birthdate, age_over_18) it has just been issued.
   */
  present(options?: PresentOptions): Promise<void>;
  /**
   * A test wallet answers the latest verification with an mdoc (ISO/IEC 18013-5) of the EU age
   * attestation (`eu.europa.ec.av.1`) it has just been issued with these elements — what Apple,
   * Google and EU age-verification wallets hold. `preset_age_over_18` accepts it; the result's
   * claims keep their namespace, on the server.
   *
   * @param claims The mdoc's elements by namespace; default `{ "eu.europa.ec.av.1": { age_over_18: true } }`.
   */
  presentMdoc(
    claims?: Record<string, Record<string, boolean | number | string>>,
    options?: PresentOptions,
  ): Promise<void>;
}

/** The built-in definition of the EU age attestation as an mdoc. */
const MDOC_AGE_DEFINITION = "credport.age_verification.mdoc.v1";

/**
 * A Credport for component tests: the whole mock service in memory, reached through a fetch the
 * provider uses, with a minimal app backend in front of it: the start route, and the session route
 * (`POST` finalizes, `GET` answers `{ verified, expiresAt? }`, `DELETE` signs out).
 *
 * @example
 * const env = createCredportTestEnvironment();
 * render(<CredportProvider {...env.providerProps}><VerifyButton /></CredportProvider>);
 * await env.present(); // → verified
 */
export function createCredportTestEnvironment(): CredportTestEnvironment {
  const model = createModel();
  const keys = model.createProject();
  const router = createRouter(model);
  let finalized = 0;
  let sessionEndsAt: number | undefined;
  let latest: { id: string; authorizationRequestUri: string } | undefined;

  const service = async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown>> => {
    const response = await call(
      new Request(`${DEFAULT_MOCK_BASE_URL}${path}`, {
        method,
        headers: { "x-service-key": keys.secretKey, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return (await response.json()) as Record<string, unknown>;
  };

  async function call(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.origin === DEFAULT_MOCK_BASE_URL) {
      const answer = await router.handle(request, DEFAULT_MOCK_BASE_URL);
      if (answer === DROP_CONNECTION) throw new TypeError("Failed to fetch");
      return answer;
    }
    if (url.pathname === START && request.method === "POST") {
      const { policyId, customerUserRef, metadata } = (await request.json()) as Record<
        string,
        unknown
      >;
      const v = await service("POST", "/v1/verifications", {
        policy_id: policyId,
        customer_user_ref: customerUserRef,
        metadata,
      });
      if (v.object === "error") return Response.json(v, { status: 400 });
      latest = { id: String(v.id), authorizationRequestUri: String(v.authorization_request_uri) };
      return Response.json({
        verificationId: v.id,
        clientToken: v.client_token,
        expiresAt: v.expires_at,
        authorizationRequestUri: v.authorization_request_uri,
      });
    }
    if (url.pathname === SESSION && request.method === "POST") {
      const { verificationId } = (await request.json()) as { verificationId: string };
      const result = await service(
        "GET",
        `/v1/verifications/${encodeURIComponent(verificationId)}/result`,
      );
      if (result.status !== "verified")
        return Response.json(
          { code: "verification_not_verified", message: "not verified" },
          { status: 409 },
        );
      finalized += 1;
      sessionEndsAt = model.clock.now() + SESSION_TTL_MS;
      return Response.json({ verified: true });
    }
    if (url.pathname === SESSION && request.method === "GET") {
      const verified = sessionEndsAt !== undefined && sessionEndsAt > model.clock.now();
      return Response.json(
        verified ? { verified, expiresAt: new Date(sessionEndsAt!).toISOString() } : { verified },
        { headers: { "cache-control": "no-store" } },
      );
    }
    if (url.pathname === SESSION && request.method === "DELETE") {
      sessionEndsAt = undefined;
      return Response.json({ signedOut: true });
    }
    return Response.json(
      { code: "not_found", message: `no test route ${url.pathname}` },
      { status: 404 },
    );
  }

  const testFetch: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return call(new Request(new URL(url, APP_ORIGIN), input instanceof Request ? input : init));
  };

  return {
    model,
    fetch: testFetch,
    providerProps: {
      coordination: singleTabCoordination(),
      publishableKey: keys.publishableKey,
      baseUrl: DEFAULT_MOCK_BASE_URL,
      startUrl: START,
      sessionUrl: SESSION,
      fetch: testFetch,
    },
    finalizedSessions: () => finalized,
    setSession(verified) {
      sessionEndsAt = verified ? model.clock.now() + SESSION_TTL_MS : undefined;
    },
    latestVerification: () => latest,
    async present(options) {
      if (!latest) throw new Error("credport testing: no verification was started yet");
      // The test wallet obtains its identity credential (DEFAULT_TEST_IDENTITY) over OpenID4VCI itself.
      // It signs with real time, as a real wallet does (the emulator checks wallet-made times so).
      const wallet = await createTestWallet({ fetch: testFetch });
      await wallet.present(latest.authorizationRequestUri, options);
    },
    async presentMdoc(claims = { "eu.europa.ec.av.1": { age_over_18: true } }, options) {
      if (!latest) throw new Error("credport testing: no verification was started yet");
      const offer = await service("POST", "/v1/openid4vc/issuance/offer", {
        credentialDefinitionId: MDOC_AGE_DEFINITION,
        claims,
      });
      if (typeof offer.offerUri !== "string")
        throw new Error(`credport testing: the mdoc offer was refused (${String(offer.message)})`);
      const wallet = await createTestWallet({ fetch: testFetch, identity: false });
      await wallet.acceptOffer(offer.offerUri);
      await wallet.present(latest.authorizationRequestUri, options);
    },
  };
}

/** Web Locks for one tab (jsdom has none): each lock name is granted to one holder at a time. */
function singleTabCoordination(): Coordination {
  const tails = new Map<string, Promise<unknown>>();
  return {
    locks: {
      request(name, callback) {
        const run = (tails.get(name) ?? Promise.resolve()).then(() => callback({ name }));
        tails.set(
          name,
          run.catch(() => {}),
        );
        return run;
      },
    },
    openChannel: () => ({ postMessage() {}, addEventListener() {}, close() {} }),
  };
}
