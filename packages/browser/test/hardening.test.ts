// @vitest-environment jsdom
import type { ServerResponse } from "node:http";
import {
  CredportInvalidResponseError,
  createStatusClient,
  createVerificationFlow,
  type StatusSnapshot,
} from "@credport/browser";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type HostileServer,
  json,
  startHostileServer,
} from "../../core/test/support/hostile-server.js";
import { FakeBroadcastBus, FakeLocks, fakeCoordination } from "./coordination-fakes.js";
import { waitFor } from "./support.js";

const PK = `pk_test_${"p".repeat(24)}`;
const MINUTE = 60_000;

/** A status service on loopback whose clock, realtime stream and answers the test controls. */
const service = {
  status: "pending" as StatusSnapshot["status"],
  /** The server's clock minus the test's. */
  clockOffsetMs: 0,
  expiresInMs: 15 * MINUTE,
  expiresAt: "",
  events: "stream" as "stream" | "stall" | "unavailable",
  open: new Set<ServerResponse>(),
};
const serverNow = () => Date.now() + service.clockOffsetMs;
let hostile: HostileServer;
const statusReads = () => hostile.requests.filter((r) => r.url.endsWith("/status")).length;
const eventReads = () => hostile.requests.filter((r) => r.url.endsWith("/events")).length;

function wire() {
  return {
    object: "verification_status",
    id: "ver_1",
    status: service.status,
    expires_at: service.expiresAt,
  };
}

beforeAll(async () => {
  hostile = await startHostileServer();
  hostile.answer((req, res) => {
    const headers = { date: new Date(serverNow()).toUTCString() };
    if (req.url?.endsWith("/status")) return json(200, wire(), headers)(req, res, undefined!);
    if (service.events === "unavailable") {
      return json(503, { code: "realtime_unavailable", message: "down" }, headers)(
        req,
        res,
        undefined!,
      );
    }
    res.writeHead(200, { "content-type": "text/event-stream", ...headers });
    res.write(`retry: 2000\n\nevent: status\ndata: ${JSON.stringify(wire())}\n\n`);
    service.open.add(res);
    res.on("close", () => service.open.delete(res));
  });
});
afterAll(() => hostile.close());

const subscriptions: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
  for (const res of service.open) res.destroy();
  Object.assign(service, {
    status: "pending",
    clockOffsetMs: 0,
    expiresInMs: 15 * MINUTE,
    events: "stream",
  });
  hostile.requests.length = 0;
  vi.unstubAllGlobals();
});

/** Pushes the current status to every open realtime stream (what the service does on a change). */
function pushStatus(status: StatusSnapshot["status"]) {
  service.status = status;
  for (const res of service.open)
    if (service.events === "stream")
      res.write(`event: status\ndata: ${JSON.stringify(wire())}\n\n`);
}

function follow(
  transport: "auto" | "polling",
  onSnapshot: (s: StatusSnapshot) => void,
  timing: Record<string, number> = {},
) {
  service.expiresAt = new Date(serverNow() + service.expiresInMs).toISOString();
  const status = createStatusClient({
    publishableKey: PK,
    baseUrl: hostile.url,
    fetch: (input, init) => fetch(input, init),
    transport,
    timing: { pollIntervalMs: 20, maxPollIntervalMs: 40, requestTimeoutMs: 500, ...timing },
  });
  const outcome = { timeouts: 0, errors: [] as unknown[] };
  const unsubscribe = status.subscribe(
    { verificationId: "ver_1", clientToken: "ct_token_0123456789", expiresAt: service.expiresAt },
    onSnapshot,
    { onTimeout: () => outcome.timeouts++, onError: (e) => outcome.errors.push(e) },
  );
  subscriptions.push(unsubscribe);
  return outcome;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the deadline", () => {
  it.each(["auto", "polling"] as const)(
    "a client clock 20 minutes fast follows a pending verification instead of timing out (%s)",
    async (transport) => {
      service.clockOffsetMs = -20 * MINUTE; // the server is 20 minutes behind this "laptop"
      const seen: string[] = [];
      const outcome = follow(transport, (s) => seen.push(s.status));
      await sleep(300);
      expect(outcome.timeouts).toBe(0);
      expect(seen).toEqual(["pending"]);
      pushStatus("verified");
      await waitFor(() => seen.includes("verified"));
      expect(outcome.timeouts).toBe(0);
    },
  );

  it("an expiry more than 24.8 days away does not fire at once", async () => {
    service.expiresInMs = 30 * 24 * 60 * MINUTE;
    const outcome = follow("polling", () => {});
    await sleep(300);
    expect(outcome.timeouts).toBe(0);
    expect(statusReads()).toBeGreaterThan(2);
  });

  it("makes one final read before onTimeout, and a final status found there wins", async () => {
    service.expiresInMs = 400;
    const seen: string[] = [];
    // One read at once, then nothing until the deadline: only a final read can see the change.
    const outcome = follow("polling", (s) => seen.push(s.status), {
      pollIntervalMs: 10_000,
      maxPollIntervalMs: 10_000,
    });
    await waitFor(() => seen.length === 1);
    service.status = "verified";
    await waitFor(() => seen.length === 2 || outcome.timeouts > 0, 3000);
    expect(seen).toEqual(["pending", "verified"]);
    expect(outcome.timeouts).toBe(0);
    expect(statusReads()).toBe(2);
  });

  it("still pending at the deadline: one final read, then onTimeout once, then silence", async () => {
    service.expiresInMs = 300;
    const outcome = follow("polling", () => {}, {
      pollIntervalMs: 10_000,
      maxPollIntervalMs: 10_000,
    });
    await waitFor(() => outcome.timeouts === 1, 3000);
    expect(statusReads()).toBe(2);
    await sleep(200);
    expect(outcome.timeouts).toBe(1);
    expect(statusReads()).toBe(2);
  });
});

describe("a throwing onSnapshot", () => {
  it.each(["auto", "polling"] as const)(
    "is reported and the subscription goes on (%s)",
    async (transport) => {
      const reported: unknown[] = [];
      vi.stubGlobal("reportError", (error: unknown) => reported.push(error));
      const seen: string[] = [];
      const outcome = follow(transport, (s) => {
        seen.push(s.status);
        if (s.status === "pending") throw new Error("render failed");
      });
      await waitFor(() => seen.length === 1);
      await sleep(100);
      pushStatus("in_progress");
      await waitFor(() => seen.length === 2);
      pushStatus("verified");
      await waitFor(() => seen.length === 3);
      expect(seen).toEqual(["pending", "in_progress", "verified"]);
      expect(reported).toHaveLength(1);
      expect((reported[0] as Error).message).toBe("render failed");
      expect(outcome.errors).toEqual([]);
    },
  );
});

describe("a stalled realtime stream", () => {
  it("is abandoned after the idle timeout and polling takes over", async () => {
    service.events = "stall";
    const seen: string[] = [];
    follow("auto", (s) => seen.push(s.status), { realtimeIdleTimeoutMs: 200 });
    await waitFor(() => seen.length === 1);
    await waitFor(() => statusReads() > 0, 2000);
    service.status = "canceled";
    await waitFor(() => seen.includes("canceled"), 2000);
    expect(eventReads()).toBe(1);
  });

  it("heartbeats keep a quiet stream alive", async () => {
    const seen: string[] = [];
    follow("auto", (s) => seen.push(s.status), { realtimeIdleTimeoutMs: 200 });
    await waitFor(() => seen.length === 1);
    const beat = setInterval(() => {
      for (const res of service.open) res.write(": heartbeat\n\n");
    }, 50);
    try {
      await sleep(600);
    } finally {
      clearInterval(beat);
    }
    expect(statusReads()).toBe(0);
    expect(eventReads()).toBe(1);
  });
});

describe("starting a flow checks the start endpoint's answer", () => {
  const complete = {
    verificationId: "ver_1",
    clientToken: "ct_abc12345678",
    expiresAt: "2030-01-01T00:00:00.000Z",
    authorizationRequestUri: "openid4vp://?request_uri=x",
  };
  it.each([
    ["verificationId", { ...complete, verificationId: undefined }],
    ["clientToken", { ...complete, clientToken: undefined }],
    ["authorizationRequestUri", { ...complete, authorizationRequestUri: undefined }],
    ["verificationId", { ...complete, verificationId: 42 }],
    ["clientToken", { ...complete, clientToken: "" }],
    ["expiresAt", { ...complete, expiresAt: "soon" }],
    ["testWalletUrl", { ...complete, testWalletUrl: "javascript:alert(1)" }],
    ["testWalletUrl", { ...complete, test_wallet_url: 42 }],
  ])(
    "a start answer without a valid %s is a typed error naming it; nothing is read",
    async (field, answer) => {
      const flow = createVerificationFlow({
        statusClient: createStatusClient({ publishableKey: PK, baseUrl: hostile.url }),
        startUrl: `${hostile.url}/app/start`,
        sessionMode: "manual",
        coordination: fakeCoordination(new FakeLocks(), new FakeBroadcastBus()),
        fetch: async () => Response.json(answer),
      });
      const error = await flow.start({ policyId: "preset_age_over_18" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CredportInvalidResponseError);
      expect(error).toMatchObject({ code: "invalid_start_response", details: { field } });
      expect((error as Error).message).toContain(field);
      expect(flow.getSnapshot()).toMatchObject({ phase: "error" });
      await sleep(50);
      expect(hostile.requests).toHaveLength(0);
    },
  );

  it("the test wallet link is optional, and passed on from either casing", async () => {
    const link = "http://127.0.0.1:4010/wallet?uri=openid4vp%3A%2F%2F";
    const started = async (answer: object) => {
      const flow = createVerificationFlow({
        statusClient: createStatusClient({ publishableKey: PK, baseUrl: hostile.url }),
        startUrl: `${hostile.url}/app/start`,
        sessionMode: "manual",
        coordination: fakeCoordination(new FakeLocks(), new FakeBroadcastBus()),
        fetch: async () => Response.json(answer),
      });
      const state = await flow.start({ policyId: "preset_age_over_18" });
      flow.reset();
      return state;
    };
    expect(await started({ ...complete, testWalletUrl: link })).toMatchObject({
      phase: "pending",
      testWalletUrl: link,
    });
    expect(await started({ ...complete, test_wallet_url: link })).toMatchObject({
      testWalletUrl: link,
    });
    expect(await started({ ...complete, testWalletUrl: null })).not.toHaveProperty("testWalletUrl");
    expect(await started(complete)).not.toHaveProperty("testWalletUrl");
    await sleep(50); // status reads the flows made before their reset
    hostile.requests.length = 0;
  });

  it("attach() checks its argument the same way", async () => {
    const flow = createVerificationFlow({
      statusClient: createStatusClient({ publishableKey: PK, baseUrl: hostile.url }),
      startUrl: `${hostile.url}/app/start`,
      sessionMode: "manual",
      coordination: fakeCoordination(new FakeLocks(), new FakeBroadcastBus()),
    });
    flow.attach({ ...complete, clientToken: undefined } as never);
    expect(flow.getSnapshot()).toMatchObject({
      phase: "error",
      error: { code: "invalid_start_response", details: { field: "clientToken" } },
    });
    await sleep(50);
    expect(hostile.requests).toHaveLength(0);
  });
});
