// @vitest-environment jsdom
import {
  CredportConfigurationError,
  createStatusClient,
  createVerificationFlow,
  type FlowState,
  type VerificationFlowOptions,
} from "@credport/browser";
import { Credport } from "@credport/server";
import { HttpResponse, http } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeBroadcastBus, FakeLocks, fakeCoordination } from "./coordination-fakes.js";
import { BASE_URL, mockService, waitFor } from "./support.js";

const service = mockService();
const credport = new Credport({ secretKey: service.project.secretKey, baseUrl: BASE_URL });
const APP = "https://app.test";
const backend = {
  starts: 0,
  sessions: 0,
  sessionAnswer: undefined as undefined | { status: number; code?: string },
};

// The app's own backend: creates verifications with the secret key and finalizes sessions.
service.server.use(
  http.post(`${APP}/api/credport/verifications`, async ({ request }) => {
    backend.starts++;
    const { policyId, customerUserRef, metadata } = (await request.json()) as {
      policyId: string;
      customerUserRef?: string;
      metadata?: Record<string, string>;
    };
    const v = await credport.verifications.create({ policyId, customerUserRef, metadata });
    return HttpResponse.json({
      verificationId: v.id,
      clientToken: v.clientToken,
      expiresAt: v.expiresAt,
      authorizationRequestUri: v.authorizationRequestUri,
    });
  }),
  http.post(`${APP}/api/credport/session`, async ({ request }) => {
    backend.sessions++;
    if (backend.sessionAnswer)
      return HttpResponse.json(
        {
          ...(backend.sessionAnswer.code ? { code: backend.sessionAnswer.code } : {}),
          message: "refused",
        },
        { status: backend.sessionAnswer.status },
      );
    const { verificationId } = (await request.json()) as { verificationId: string };
    const result = await credport.verifications.getResult(verificationId);
    return HttpResponse.json({ ok: result.status === "verified" });
  }),
);

beforeAll(() => service.server.listen({ onUnhandledRequest: "error" }));
const flows: { reset(): void }[] = [];
afterEach(() => {
  for (const flow of flows.splice(0)) flow.reset();
  Object.assign(backend, { starts: 0, sessions: 0, sessionAnswer: undefined });
  service.requests.length = 0;
});
afterAll(() => service.server.close());

const FAST = { pollIntervalMs: 20, maxPollIntervalMs: 80, requestTimeoutMs: 300 };
function tab(
  coordination: VerificationFlowOptions["coordination"],
  extra: Partial<VerificationFlowOptions> = {},
) {
  const status = createStatusClient({
    publishableKey: service.project.publishableKey,
    baseUrl: BASE_URL,
    fetch: service.fetch,
    timing: FAST,
  });
  const flow = createVerificationFlow({
    statusClient: status,
    startUrl: `${APP}/api/credport/verifications`,
    sessionUrl: `${APP}/api/credport/session`,
    coordination,
    ...extra,
  });
  flows.push(flow);
  return flow;
}
const phases = (flow: { subscribe(l: () => void): () => void; getSnapshot(): FlowState }) => {
  const seen: string[] = [flow.getSnapshot().phase];
  flow.subscribe(() => {
    const phase = flow.getSnapshot().phase;
    if (seen.at(-1) !== phase) seen.push(phase);
  });
  return seen;
};
const eventStreams = () => service.requests.filter((r) => r.url.endsWith("/events")).length;
const verify = (id: string) => {
  service.model.verifications.applyTrigger(id, "request_fetched");
  service.model.verifications.applyTrigger(id, "presentation_verified", {
    claims: { age_over_18: true },
  });
};

describe("options", () => {
  it("an option under its 0.x name, or a missing session route, is refused by name when the flow is created", () => {
    const statusClient = createStatusClient({
      publishableKey: service.project.publishableKey,
      baseUrl: BASE_URL,
    });
    const refusal = (options: unknown) => {
      try {
        createVerificationFlow(options as VerificationFlowOptions);
      } catch (error) {
        return error as { code: string; message: string };
      }
      throw new Error("accepted");
    };
    expect(
      refusal({ status: statusClient, startUrl: "/start", sessionMode: "manual" }),
    ).toMatchObject({
      code: "invalid_option",
      message: expect.stringContaining("statusClient is required"),
    });
    expect(refusal({ statusClient, startUrl: "/start" })).toMatchObject({
      code: "invalid_option",
      message: expect.stringContaining('sessionUrl (or sessionMode "manual") is required'),
    });
  });
});

describe("library-managed session", () => {
  it("starts through the app's backend, follows the status, and finalizes the session once", async () => {
    const flow = tab(fakeCoordination(new FakeLocks(), new FakeBroadcastBus()));
    const seen = phases(flow);
    const started = await flow.start({ policyId: "preset_age_over_18", customerUserRef: "user-1" });
    expect(started).toMatchObject({
      phase: "pending",
      authorizationRequestUri: expect.stringMatching(/^openid4vp:/),
    });
    await waitFor(() => eventStreams() === 1);
    service.model.verifications.applyTrigger(started.verificationId!, "request_fetched");
    await waitFor(() => flow.getSnapshot().phase === "in_progress");
    service.model.verifications.applyTrigger(started.verificationId!, "presentation_verified", {
      claims: {},
    });
    await waitFor(() => flow.getSnapshot().phase === "verified");
    expect(seen).toEqual(["idle", "starting", "pending", "in_progress", "finalizing", "verified"]);
    expect(backend.sessions).toBe(1);
  });

  it("a second start with the same parameters joins the first: one verification, one subscription", async () => {
    const flow = tab(fakeCoordination(new FakeLocks(), new FakeBroadcastBus()));
    const params = { policyId: "preset_age_over_18", metadata: { plan: "pro" } };
    const [a, b] = await Promise.all([flow.start(params), flow.start({ ...params })]);
    expect(a.verificationId).toBe(b.verificationId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.starts).toBe(1);
    expect(eventStreams()).toBe(1);
  });

  it.each([
    ["policyId", { policyId: "preset_identity_basic" }],
    ["customerUserRef", { customerUserRef: "someone-else" }],
    ["metadata", { metadata: { plan: "free" } }],
    ["provider", { provider: "other-wallet" }],
  ])(
    "a second start with another %s rejects with verification_invalid_state",
    async (_, change) => {
      const flow = tab(fakeCoordination(new FakeLocks(), new FakeBroadcastBus()));
      const params = {
        policyId: "preset_age_over_18",
        customerUserRef: "u",
        metadata: { plan: "pro" },
      };
      const first = flow.start(params);
      await expect(flow.start({ ...params, ...change })).rejects.toMatchObject({
        code: "verification_invalid_state",
      });
      await first;
      expect(backend.starts).toBe(1);
    },
  );

  it("without Web Locks a library-managed session fails with session_coordination_unsupported; manual mode works", async () => {
    // jsdom has neither navigator.locks nor a working coordination, like older browsers.
    const library = tab(undefined);
    await expect(library.start({ policyId: "preset_age_over_18" })).rejects.toMatchObject({
      code: "session_coordination_unsupported",
    });
    expect(backend.starts).toBe(0);
    const manual = tab(undefined, { sessionMode: "manual" });
    const started = await manual.start({ policyId: "preset_age_over_18" });
    verify(started.verificationId!);
    await waitFor(() => manual.getSnapshot().phase === "verified");
    expect(backend.sessions).toBe(0);
  });

  it("finalization errors keep the backend's code", async () => {
    backend.sessionAnswer = { status: 403, code: "VERIFICATION_BINDING_REQUIRED" };
    const flow = tab(fakeCoordination(new FakeLocks(), new FakeBroadcastBus()));
    const started = await flow.start({ policyId: "preset_age_over_18" });
    verify(started.verificationId!);
    await waitFor(() => flow.getSnapshot().phase === "error");
    expect(flow.getSnapshot().error).toMatchObject({
      code: "VERIFICATION_BINDING_REQUIRED",
      status: 403,
    });
  });

  it("a backend error body without a code is unexpected_status, with the HTTP status", async () => {
    backend.sessionAnswer = { status: 500 };
    const flow = tab(fakeCoordination(new FakeLocks(), new FakeBroadcastBus()));
    const started = await flow.start({ policyId: "preset_age_over_18" });
    verify(started.verificationId!);
    await waitFor(() => flow.getSnapshot().phase === "error");
    expect(flow.getSnapshot().error).toMatchObject({ code: "unexpected_status", status: 500 });
  });

  it("library mode without sessionUrl is a configuration error", () => {
    const status = createStatusClient({
      publishableKey: service.project.publishableKey,
      baseUrl: BASE_URL,
      fetch: service.fetch,
    });
    expect(() =>
      createVerificationFlow({
        statusClient: status,
        startUrl: `${APP}/api/credport/verifications`,
      }),
    ).toThrow(CredportConfigurationError);
    expect(() =>
      createVerificationFlow({
        statusClient: status,
        startUrl: `${APP}/api/credport/verifications`,
      }),
    ).toThrow(
      expect.objectContaining({
        code: "invalid_option",
        message: expect.stringMatching(/sessionUrl/),
      }),
    );
  });

  it("ends in failed, with the failure code", async () => {
    const flow = tab(fakeCoordination(new FakeLocks(), new FakeBroadcastBus()));
    const started = await flow.start({ policyId: "preset_age_over_18" });
    service.model.verifications.applyTrigger(started.verificationId!, "presentation_failed", {
      failureCode: "wallet_rejected",
    });
    await waitFor(() => flow.getSnapshot().phase === "failed");
    expect(flow.getSnapshot().failureCode).toBe("wallet_rejected");
  });
});

describe("several tabs on one verification", () => {
  it("one tab holds the status connection and fans snapshots out; closing it hands over; finalization happens once", async () => {
    const locks = new FakeLocks();
    const bus = new FakeBroadcastBus();
    const [a, b, c] = [
      tab(fakeCoordination(locks, bus)),
      tab(fakeCoordination(locks, bus)),
      tab(fakeCoordination(locks, bus)),
    ];
    const started = await a.start({ policyId: "preset_age_over_18" });
    const verification = {
      verificationId: started.verificationId!,
      authorizationRequestUri: started.authorizationRequestUri!,
      expiresAt: started.expiresAt!,
      clientToken: service.model.verifications.findForProtocol(started.verificationId!)!
        .clientToken,
    };
    b.attach(verification);
    c.attach(verification);
    await waitFor(() => eventStreams() === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(eventStreams()).toBe(1);

    service.model.verifications.applyTrigger(verification.verificationId, "request_fetched");
    await waitFor(
      () => b.getSnapshot().phase === "in_progress" && c.getSnapshot().phase === "in_progress",
    );

    a.reset(); // the leader's tab closes
    await waitFor(() => eventStreams() === 2);

    service.model.verifications.applyTrigger(verification.verificationId, "presentation_verified", {
      claims: {},
    });
    await waitFor(
      () => b.getSnapshot().phase === "verified" && c.getSnapshot().phase === "verified",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.sessions).toBe(1);
    expect(eventStreams()).toBe(2);
  });
});
