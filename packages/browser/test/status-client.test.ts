// @vitest-environment jsdom
import {
  CredportInvalidTokenError,
  CredportKeyMismatchError,
  CredportMissingTokenError,
  createStatusClient,
  type StatusSnapshot,
} from "@credport/browser";
import { INVALID_API_KEY_FORMAT } from "@credport/core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BASE_URL, FakeVisibility, mockService, waitFor } from "./support.js";

const service = mockService();
const subscriptions: (() => void)[] = [];
beforeAll(() => service.server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
  service.model.realtime.setAvailable(true);
  service.model.faults.clear();
  service.requests.length = 0;
  vi.useRealTimers();
});
afterAll(() => service.server.close());

const FAST = { pollIntervalMs: 20, maxPollIntervalMs: 80, requestTimeoutMs: 200 };
/** A status client whose subscriptions all end after each test. */
function client(extra: Partial<Parameters<typeof createStatusClient>[0]> = {}) {
  const status = createStatusClient({
    publishableKey: service.project.publishableKey,
    baseUrl: BASE_URL,
    fetch: service.fetch,
    timing: FAST,
    ...extra,
  });
  return {
    read: status.read,
    subscribe: (...args: Parameters<typeof status.subscribe>) => {
      const unsubscribe = status.subscribe(...args);
      subscriptions.push(unsubscribe);
      return unsubscribe;
    },
  };
}
const statusRequests = () => service.requests.filter((r) => r.url.endsWith("/status")).length;
const eventRequests = () => service.requests.filter((r) => r.url.endsWith("/events")).length;

describe("keys", () => {
  it("refuses a secret key loudly, and anything but pk_test_/pk_live_", () => {
    expect(() =>
      createStatusClient({ publishableKey: service.project.secretKey, baseUrl: BASE_URL }),
    ).toThrow(/must never reach a browser/);
    for (const key of ["pk_test_", "pk_test_short", "whatever"]) {
      expect(() => createStatusClient({ publishableKey: key, baseUrl: BASE_URL })).toThrow(
        expect.objectContaining({ code: INVALID_API_KEY_FORMAT }),
      );
    }
  });

  it("sends the client token and the publishable key, never a secret key", async () => {
    const target = service.createVerification();
    await client().read(target);
    const { headers } = service.requests[0]!;
    expect(headers.get("authorization")).toBe(`Bearer ${target.clientToken}`);
    expect(headers.get("x-publishable-key")).toBe(service.project.publishableKey);
    expect(headers.get("x-service-key")).toBeNull();
  });
});

describe("read", () => {
  it("answers { data } or { error }, never throws", async () => {
    const target = service.createVerification();
    expect(await client().read(target)).toEqual({
      data: { id: target.verificationId, status: "pending", expiresAt: target.expiresAt },
    });
    const { error } = await client().read({ ...target, clientToken: "ct_wrong" });
    expect(error).toBeInstanceOf(CredportInvalidTokenError);
  });
});

describe("subscribe", () => {
  it("delivers realtime snapshots on change and the final one exactly once, then stops", async () => {
    const target = service.createVerification();
    const seen: StatusSnapshot[] = [];
    client().subscribe(target, (s) => seen.push(s));
    await waitFor(() => seen.length === 1);
    service.model.verifications.applyTrigger(target.verificationId, "request_fetched");
    service.model.verifications.applyTrigger(target.verificationId, "presentation_verified", {
      claims: {},
    });
    await waitFor(() => seen.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.map((s) => s.status)).toEqual(["pending", "in_progress", "verified"]);
    expect(eventRequests()).toBe(1);
    expect(statusRequests()).toBe(0);
  });

  it("switches to polling at once on 503 realtime_unavailable, and keeps delivering", async () => {
    service.model.realtime.setAvailable(false);
    const target = service.createVerification();
    const seen: string[] = [];
    client().subscribe(target, (s) => seen.push(s.status));
    await waitFor(() => seen.length === 1);
    expect(eventRequests()).toBe(1);
    service.model.verifications.applyTrigger(target.verificationId, "presentation_failed", {
      failureCode: "claims_missing",
    });
    await waitFor(() => seen.length === 2);
    expect(seen).toEqual(["pending", "failed"]);
    const after = statusRequests();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(statusRequests()).toBe(after);
  });

  it("reconnects when the stream drops, and polls when realtime stays down", async () => {
    const target = service.createVerification();
    const seen: string[] = [];
    client().subscribe(target, (s) => seen.push(s.status));
    await waitFor(() => seen.length === 1);
    service.model.realtime.setAvailable(false); // ends the open stream
    await waitFor(() => statusRequests() > 0);
    expect(eventRequests()).toBe(2);
    service.model.verifications.applyTrigger(target.verificationId, "cancel");
    await waitFor(() => seen.includes("canceled"));
  });

  it("polling delivers a snapshot only when it changed", async () => {
    const target = service.createVerification();
    const seen: string[] = [];
    client({ transport: "polling" }).subscribe(target, (s) => seen.push(s.status));
    await waitFor(() => statusRequests() >= 5);
    expect(seen).toEqual(["pending"]);
  });

  it.each([
    ["missing_token", "auto", CredportMissingTokenError],
    ["missing_token", "polling", CredportMissingTokenError],
    ["invalid_token", "auto", CredportInvalidTokenError],
    ["invalid_token", "polling", CredportInvalidTokenError],
    ["key_mismatch", "auto", CredportKeyMismatchError],
    ["key_mismatch", "polling", CredportKeyMismatchError],
  ] as const)(
    "%s (%s) reaches onError as its own class and ends the subscription",
    async (code, transport, errorClass) => {
      const target = service.createVerification();
      if (code === "missing_token") target.clientToken = "";
      if (code === "invalid_token") target.clientToken = "ct_not_this_one";
      const publishableKey =
        code === "key_mismatch"
          ? service.model.createProject().publishableKey
          : service.project.publishableKey;
      const errors: unknown[] = [];
      client({ publishableKey, transport }).subscribe(target, () => {}, {
        onError: (e) => errors.push(e),
      });
      await waitFor(() => errors.length === 1);
      const count = service.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(errorClass);
      expect((errors[0] as { code: string }).code).toBe(code);
      expect(service.requests.length).toBe(count);
    },
  );

  it("one slow request does not end polling", async () => {
    const target = service.createVerification();
    service.model.faults.inject({
      kind: "delay",
      delayMs: 400,
      count: 1,
      path: "/v1/verifications",
    });
    const seen: string[] = [];
    client({ transport: "polling" }).subscribe(target, (s) => seen.push(s.status));
    await waitFor(() => seen.length === 1, 2000);
    expect(seen).toEqual(["pending"]);
  });

  it("honours Retry-After while polling", async () => {
    const target = service.createVerification();
    service.model.faults.inject({
      kind: "rate_limited",
      retryAfterSeconds: 1,
      count: 1,
      path: "/v1/verifications",
    });
    const seen: number[] = [];
    const started = Date.now();
    client({ transport: "polling" }).subscribe(target, () => seen.push(Date.now() - started));
    await waitFor(() => seen.length === 1, 3000);
    expect(seen[0]).toBeGreaterThanOrEqual(950);
  });

  it("pauses polling while the tab is hidden and reads at once when it is visible again", async () => {
    const visibility = new FakeVisibility();
    const target = service.createVerification();
    const seen: string[] = [];
    client({
      transport: "polling",
      visibility,
      timing: { ...FAST, pollIntervalMs: 20, maxPollIntervalMs: 20 },
    }).subscribe(target, (s) => seen.push(s.status));
    await waitFor(() => seen.length === 1);
    visibility.set(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const whileHidden = statusRequests();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(statusRequests()).toBe(whileHidden);
    service.model.verifications.applyTrigger(target.verificationId, "cancel");
    visibility.set(false);
    await waitFor(() => seen.length === 2, 100);
    expect(seen).toEqual(["pending", "canceled"]);
  });

  it("stops at expiresAt with one timeout and no more requests", async () => {
    const target = {
      ...service.createVerification(),
      expiresAt: new Date(Date.now() + 150).toISOString(),
    };
    const timeouts: number[] = [];
    client({ transport: "polling" }).subscribe(target, () => {}, {
      onTimeout: () => timeouts.push(Date.now()),
    });
    await waitFor(() => timeouts.length === 1);
    const count = statusRequests();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(timeouts).toHaveLength(1);
    expect(statusRequests()).toBe(count);
  });

  it("without an expiry, polling ends after the five-minute default ceiling", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { expiresAt: _, ...target } = service.createVerification();
    let timeouts = 0;
    client({ transport: "polling", timing: {} }).subscribe(target, () => {}, {
      onTimeout: () => timeouts++,
    });
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000 - 1000);
    expect(timeouts).toBe(0);
    const beforeCeiling = statusRequests();
    await vi.advanceTimersByTimeAsync(1000);
    expect(timeouts).toBe(1);
    // One final read at the ceiling (a final status found there would win), then nothing.
    expect(statusRequests()).toBe(beforeCeiling + 1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statusRequests()).toBe(beforeCeiling + 1);
    // Backoff to the 8 s cap: about 40 reads over five minutes, not 300.
    expect(beforeCeiling).toBeLessThan(60);
  });

  it("the function subscribe returns stops everything and can be called twice", async () => {
    const target = service.createVerification();
    const unsubscribe = client({ transport: "polling" }).subscribe(target, () => {});
    await waitFor(() => statusRequests() >= 1);
    unsubscribe();
    unsubscribe();
    const count = statusRequests();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(statusRequests()).toBe(count);
  });
});
