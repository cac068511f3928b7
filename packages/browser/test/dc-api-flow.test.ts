// @vitest-environment jsdom
import {
  createStatusClient,
  createVerificationFlow,
  type FlowState,
  type VerificationFlowOptions,
} from "@credport/browser";
import { Credport } from "@credport/server";
import { HttpResponse, http } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FakeBroadcastBus, FakeLocks, fakeCoordination } from "./coordination-fakes.js";
import { BASE_URL, mockService, waitFor } from "./support.js";

/**
 * The Digital Credentials API path of the verification flow, with a fake `navigator.credentials`
 * and `DigitalCredential` standing in for the browser and its wallet (real Chromium and the
 * service's checks come with the service side: the emulator's DC API channel). The service's
 * answer endpoint is played here by msw over the mock's state, with the auth the service demands.
 */

const service = mockService();
const credport = new Credport({ secretKey: service.project.secretKey, baseUrl: BASE_URL });
const APP = "https://app.test";
const SIGNED = { protocol: "openid4vp-v1-signed", data: { request: "eyJhbGciOiJFUzI1NiJ9.e30.s" } };
const MDOC = { protocol: "org-iso-mdoc", data: { deviceRequest: "oWd2", encryptionInfo: "gmVk" } };
const ANSWER = { protocol: "openid4vp-v1-signed", data: { response: "eyJhbGciOiJFQ0RILUVTIn0.x" } };

const backend = {
  sessions: 0,
  dcApiRequests: [SIGNED, MDOC] as unknown,
  posted: [] as { id: string; body: unknown; authorization: string | null; key: string | null }[],
  answerStatus: 200,
};

service.server.use(
  http.post(`${APP}/api/credport/verifications`, async () => {
    const v = await credport.verifications.create({ policyId: "preset_age_over_18" });
    return HttpResponse.json({
      verificationId: v.id,
      clientToken: v.clientToken,
      expiresAt: v.expiresAt,
      authorizationRequestUri: v.authorizationRequestUri,
      dcApiRequests: backend.dcApiRequests,
    });
  }),
  http.post(`${APP}/api/credport/session`, () => {
    backend.sessions++;
    return HttpResponse.json({ ok: true });
  }),
  // The service's `POST /v1/verifications/{id}/dc-api-response`: browser auth as the status read.
  http.post(`${BASE_URL}/v1/verifications/:id/dc-api-response`, async ({ request, params }) => {
    const id = String(params.id);
    const authorization = request.headers.get("authorization");
    const key = request.headers.get("x-publishable-key");
    backend.posted.push({ id, body: await request.json(), authorization, key });
    if (backend.answerStatus !== 200)
      return HttpResponse.json(
        { object: "error", code: "validation_error", message: "data: must be a JSON object" },
        { status: backend.answerStatus },
      );
    const record = service.model.verifications.findForProtocol(id)!;
    if (authorization !== `Bearer ${record.clientToken}` || key !== service.project.publishableKey)
      return HttpResponse.json({ code: "invalid_token", message: "no" }, { status: 401 });
    service.model.verifications.applyTrigger(id, "request_fetched");
    service.model.verifications.applyTrigger(id, "presentation_verified", {
      claims: { age_over_18: true },
    });
    return HttpResponse.json({
      object: "verification_status",
      id,
      status: "verified",
      expires_at: record.expiresAt,
    });
  }),
);

/** The browser's side: `DigitalCredential` and `navigator.credentials.get`, as a test sets them. */
const browser = {
  allowed: ["openid4vp-v1-signed", "openid4vp-v1-unsigned", "org-iso-mdoc"],
  /** True only while a simulated click handler runs: what transient user activation allows. */
  activation: false,
  get: vi.fn(),
};
const FakeDigitalCredential = {
  userAgentAllowsProtocol: (protocol: string) => browser.allowed.includes(protocol),
};
function installBrowserApi() {
  (globalThis as Record<string, unknown>).DigitalCredential = FakeDigitalCredential;
  Object.defineProperty(navigator, "credentials", {
    configurable: true,
    value: {
      get: (options: unknown) => {
        if (!browser.activation)
          return Promise.reject(new DOMException("no user activation", "NotAllowedError"));
        return browser.get(options);
      },
    },
  });
}
function removeBrowserApi() {
  delete (globalThis as Record<string, unknown>).DigitalCredential;
  delete (navigator as unknown as Record<string, unknown>).credentials;
  delete (document as unknown as Record<string, unknown>).featurePolicy;
}
/** What a click handler that calls `present()` does: the flow must call `get()` inside it. */
function click<T>(handler: () => T): T {
  browser.activation = true;
  try {
    return handler();
  } finally {
    browser.activation = false;
  }
}
const resolvesWith = (credential: unknown) =>
  browser.get.mockImplementation(() => Promise.resolve(credential));
const rejectsWith = (name: string) =>
  browser.get.mockImplementation(() => Promise.reject(new DOMException(name, name)));

beforeAll(() => service.server.listen({ onUnhandledRequest: "error" }));
const flows: { reset(): void }[] = [];
afterEach(() => {
  for (const flow of flows.splice(0)) flow.reset();
  removeBrowserApi();
  browser.get.mockReset();
  browser.allowed = ["openid4vp-v1-signed", "openid4vp-v1-unsigned", "org-iso-mdoc"];
  Object.assign(backend, {
    sessions: 0,
    dcApiRequests: [SIGNED, MDOC],
    posted: [],
    answerStatus: 200,
  });
});
afterAll(() => service.server.close());

const FAST = { pollIntervalMs: 20, maxPollIntervalMs: 80, requestTimeoutMs: 300 };
function tab(coordination: VerificationFlowOptions["coordination"] = newCoordination()) {
  const statusClient = createStatusClient({
    publishableKey: service.project.publishableKey,
    baseUrl: BASE_URL,
    fetch: service.fetch,
    timing: FAST,
  });
  const flow = createVerificationFlow({
    statusClient,
    startUrl: `${APP}/api/credport/verifications`,
    sessionUrl: `${APP}/api/credport/session`,
    coordination,
  });
  flows.push(flow);
  return flow;
}
const newCoordination = () => fakeCoordination(new FakeLocks(), new FakeBroadcastBus());
const dcApiStates = (flow: { subscribe(l: () => void): () => void; getSnapshot(): FlowState }) => {
  const seen: (string | undefined)[] = [flow.getSnapshot().dcApi];
  flow.subscribe(() => {
    const dcApi = flow.getSnapshot().dcApi;
    if (seen.at(-1) !== dcApi) seen.push(dcApi);
  });
  return seen;
};
/** A tab in a browser with the API, its verification started (the DC API request ready). */
async function startedTab() {
  installBrowserApi();
  const flow = tab();
  await flow.start({ policyId: "preset_age_over_18" });
  return flow;
}
/** The QR code and link are still there, and the verification can still finish through them. */
async function fallsBackToQr(flow: ReturnType<typeof tab>) {
  const state = flow.getSnapshot();
  expect(state.phase).toBe("pending");
  expect(state.authorizationRequestUri).toMatch(/^openid4vp:/);
  service.model.verifications.applyTrigger(state.verificationId!, "request_fetched");
  service.model.verifications.applyTrigger(state.verificationId!, "presentation_verified", {
    claims: { age_over_18: true },
  });
  await waitFor(() => flow.getSnapshot().phase === "verified");
}

describe("a browser with the Digital Credentials API", () => {
  it("is ready after the start, calls get() in the click with the requests it allows, posts the answer unchanged, and finalizes once", async () => {
    installBrowserApi();
    browser.allowed = ["openid4vp-v1-signed"];
    // As browsers make it: a DigitalCredential's fields are getters on its prototype.
    class DigitalCredentialAnswer {
      get type() {
        return "digital";
      }
      get protocol() {
        return ANSWER.protocol;
      }
      get data() {
        return ANSWER.data;
      }
    }
    resolvesWith(new DigitalCredentialAnswer());
    const flow = tab();
    const seen = dcApiStates(flow);
    const started = await flow.start({ policyId: "preset_age_over_18" });
    expect(started).toMatchObject({ phase: "pending", dcApi: "ready" });

    const presented = click(() => flow.present());
    expect(browser.get).toHaveBeenCalledTimes(1);
    const options = browser.get.mock.calls[0]![0] as {
      digital: { requests: unknown[] };
      signal: AbortSignal;
    };
    expect(options.digital.requests).toEqual([SIGNED]);
    expect(options.signal).toBeInstanceOf(AbortSignal);

    await presented;
    await waitFor(() => flow.getSnapshot().phase === "verified");
    const record = service.model.verifications.findForProtocol(started.verificationId!)!;
    expect(backend.posted).toEqual([
      {
        id: started.verificationId,
        body: ANSWER,
        authorization: `Bearer ${record.clientToken}`,
        key: service.project.publishableKey,
      },
    ]);
    expect(seen).toEqual([undefined, "ready", "presenting", "submitting", "submitted"]);
    expect(backend.sessions).toBe(1);
  });

  it("calls get() synchronously in the click handler's task: no await before it", async () => {
    resolvesWith({ type: "digital", ...ANSWER });
    const flow = await startedTab();
    // `click` ends the activation as soon as the handler returns: a get() after any await (a
    // microtask later) would be refused as the browser refuses it, with NotAllowedError.
    let calledInside = false;
    click(() => {
      void flow.present();
      calledInside = browser.get.mock.calls.length === 1;
    });
    expect(calledInside).toBe(true);
    await waitFor(() => flow.getSnapshot().phase === "verified");
  });

  it("a decline (NotAllowedError) is `declined`: the QR code and link stay, and a second try may succeed", async () => {
    rejectsWith("NotAllowedError");
    const flow = await startedTab();
    const declined = await click(() => flow.present());
    expect(declined).toMatchObject({ phase: "pending", dcApi: "declined" });
    expect(declined.authorizationRequestUri).toMatch(/^openid4vp:/);
    expect(backend.posted).toEqual([]);

    resolvesWith({ type: "digital", ...ANSWER });
    await click(() => flow.present());
    await waitFor(() => flow.getSnapshot().phase === "verified");
  });

  it("a wallet's error ({ error }) is `wallet_error` with its code; the verification stays open for the QR code", async () => {
    resolvesWith({ type: "digital", protocol: SIGNED.protocol, data: { error: "access_denied" } });
    const flow = await startedTab();
    const answered = await click(() => flow.present());
    expect(answered).toMatchObject({
      phase: "pending",
      dcApi: "wallet_error",
      walletError: "access_denied",
    });
    expect(backend.posted).toEqual([]);
    await fallsBackToQr(flow);
  });

  it("an AbortSignal ends the request: `aborted`, and the QR code and link stay", async () => {
    browser.get.mockImplementation(
      ({ signal }: { signal: AbortSignal }) =>
        new Promise((_, reject) =>
          signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        ),
    );
    const flow = await startedTab();
    const controller = new AbortController();
    const presented = click(() => flow.present({ signal: controller.signal }));
    expect(flow.getSnapshot().dcApi).toBe("presenting");
    controller.abort();
    expect(await presented).toMatchObject({ phase: "pending", dcApi: "aborted" });
    await fallsBackToQr(flow);
  });

  it("reset() while the wallet is open aborts the request", async () => {
    let signal: AbortSignal | undefined;
    browser.get.mockImplementation((options: { signal: AbortSignal }) => {
      signal = options.signal;
      return new Promise(() => {});
    });
    const flow = await startedTab();
    void click(() => flow.present());
    flow.reset();
    expect(signal?.aborted).toBe(true);
    expect(flow.getSnapshot()).toEqual({ phase: "idle" });
  });

  it("an answer the service refuses is `failed` with the service's error; the QR code and link stay", async () => {
    backend.answerStatus = 400;
    resolvesWith({ type: "digital", ...ANSWER });
    const flow = await startedTab();
    const answered = await click(() => flow.present());
    expect(answered).toMatchObject({
      phase: "pending",
      dcApi: "failed",
      error: { code: "validation_error", status: 400 },
    });
    await fallsBackToQr(flow);
  });

  it("another error of get() (a second pending request, …) is `failed`, never a dead end", async () => {
    rejectsWith("InvalidStateError");
    const flow = await startedTab();
    const answered = await click(() => flow.present());
    expect(answered).toMatchObject({
      phase: "pending",
      dcApi: "failed",
      error: { code: "dc_api_failed" },
    });
    expect(answered.error?.message).toContain("InvalidStateError");
    await fallsBackToQr(flow);
  });
});

describe("where the Digital Credentials API cannot be used", () => {
  it.each([
    ["a browser without DigitalCredential (Firefox)", () => {}],
    [
      "a browser that allows none of the protocols (Safari: mdoc only, here an OpenID4VP request only)",
      () => {
        installBrowserApi();
        backend.dcApiRequests = [SIGNED];
        browser.allowed = ["org-iso-mdoc"];
      },
    ],
  ])("%s: `unsupported`, present() refuses by code, and the QR code verifies", async (_, set) => {
    set();
    const flow = tab();
    const started = await flow.start({ policyId: "preset_age_over_18" });
    expect(started).toMatchObject({ phase: "pending", dcApi: "unsupported" });
    await expect(click(() => flow.present())).rejects.toMatchObject({
      code: "dc_api_unavailable",
    });
    expect(browser.get).not.toHaveBeenCalled();
    await fallsBackToQr(flow);
  });

  it('a cross-origin iframe without allow="digital-credentials-get": `blocked`, and the QR code verifies', async () => {
    installBrowserApi();
    Object.defineProperty(document, "featurePolicy", {
      configurable: true,
      value: { allowsFeature: (feature: string) => feature !== "digital-credentials-get" },
    });
    const flow = tab();
    const started = await flow.start({ policyId: "preset_age_over_18" });
    expect(started).toMatchObject({ phase: "pending", dcApi: "blocked" });
    await expect(click(() => flow.present())).rejects.toMatchObject({
      code: "dc_api_unavailable",
    });
    expect(browser.get).not.toHaveBeenCalled();
    await fallsBackToQr(flow);
  });

  it("a verification without DC API requests has no dcApi state, as before", async () => {
    installBrowserApi();
    backend.dcApiRequests = undefined;
    const flow = tab();
    const started = await flow.start({ policyId: "preset_age_over_18" });
    expect(started.phase).toBe("pending");
    expect(started).not.toHaveProperty("dcApi");
  });

  it("a start answer with malformed dcApiRequests is invalid_start_response naming the field", async () => {
    installBrowserApi();
    backend.dcApiRequests = [{ protocol: "openid4vp-v1-signed", data: "eyJ…" }];
    const flow = tab();
    await expect(flow.start({ policyId: "preset_age_over_18" })).rejects.toMatchObject({
      code: "invalid_start_response",
      details: { field: "dcApiRequests" },
    });
  });
});

describe("several tabs", () => {
  it("a tab that does not lead presents; the leading tab finalizes once; both end verified", async () => {
    installBrowserApi();
    resolvesWith({ type: "digital", ...ANSWER });
    const locks = new FakeLocks();
    const bus = new FakeBroadcastBus();
    const [leader, follower] = [
      tab(fakeCoordination(locks, bus)),
      tab(fakeCoordination(locks, bus)),
    ];
    const started = await leader.start({ policyId: "preset_age_over_18" });
    follower.attach({
      verificationId: started.verificationId!,
      authorizationRequestUri: started.authorizationRequestUri!,
      expiresAt: started.expiresAt!,
      clientToken: service.model.verifications.findForProtocol(started.verificationId!)!
        .clientToken,
      dcApiRequests: [SIGNED, MDOC],
    });
    expect(follower.getSnapshot().dcApi).toBe("ready");
    await click(() => follower.present());
    await waitFor(
      () =>
        leader.getSnapshot().phase === "verified" && follower.getSnapshot().phase === "verified",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.sessions).toBe(1);
    expect(backend.posted).toHaveLength(1);
  });
});
