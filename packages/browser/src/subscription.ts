import type { CredportError } from "@credport/core";
import { streamStatus } from "./realtime.js";
import { isTerminal, type StatusSnapshot, sameSnapshot } from "./snapshot.js";
import {
  type EndpointConfig,
  isFatal,
  readStatusOnce,
  type StatusTarget,
} from "./status-endpoint.js";
import type { Visibility } from "./visibility.js";

export interface SubscriptionTiming {
  /** First polling interval, and the interval after a change. Default 1,000 ms. */
  pollIntervalMs: number;
  /** Polling backs off to this cap while nothing changes. Default 8,000 ms. */
  maxPollIntervalMs: number;
  /** A status read slower than this is abandoned (and polling goes on). Default 10,000 ms. */
  requestTimeoutMs: number;
  /** Without an `expiresAt`, the subscription ends after this long. Default five minutes. */
  defaultCeilingMs: number;
  /**
   * A realtime stream silent for this long (not even a heartbeat; the service sends one every
   * 15 s) is abandoned, and polling takes over. Default 45,000 ms.
   */
  realtimeIdleTimeoutMs: number;
}

export const DEFAULT_TIMING: SubscriptionTiming = {
  pollIntervalMs: 1000,
  maxPollIntervalMs: 8000,
  requestTimeoutMs: 10_000,
  defaultCeilingMs: 5 * 60 * 1000,
  realtimeIdleTimeoutMs: 45_000,
};

export interface SubscriptionHooks {
  onSnapshot(snapshot: StatusSnapshot): void;
  /** The subscriber's hooks, passed on as given: left out or `undefined` alike. */
  onError?: ((error: CredportError) => void) | undefined;
  onTimeout?: (() => void) | undefined;
}

export interface SubscriptionEnv {
  timing: SubscriptionTiming;
  visibility: Visibility;
  now(): number;
  /** "auto": realtime first, polling on 503 realtime_unavailable; "polling": polling only. */
  transport: "auto" | "polling";
}

/** Consecutive realtime drops without a single event before polling takes over. */
const MAX_REALTIME_DROPS = 3;
/** Longest single timer: setTimeout overflows past 2^31 − 1 ms, and a re-check copes with sleep. */
const MAX_TIMER_MS = 60_000;

/**
 * Follows one verification until a terminal status, its expiry (or the default ceiling), an error
 * that reading again cannot fix, or `stop()`. Realtime first; polling with backoff as the fallback.
 * Delivers a snapshot only when it changed, and a terminal one exactly once.
 *
 * The expiry is the service's time: the `Date` header of its answers corrects this device's clock.
 * At the deadline one final read runs; a final status found there wins over `onTimeout`.
 */
export function startSubscription(
  config: EndpointConfig,
  target: StatusTarget & { expiresAt?: string },
  hooks: SubscriptionHooks,
  env: SubscriptionEnv,
): () => void {
  const { timing, visibility } = env;
  const lifetime = new AbortController();
  let stopped = false;
  let last: StatusSnapshot | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;
  let pollInFlight = false;
  let finalReadInFlight = false;
  let interval = timing.pollIntervalMs;
  /** The service's clock minus this device's, once an answer said. */
  let skewMs = 0;

  const expiresAt = Date.parse(target.expiresAt ?? "");
  const ceiling = env.now() + timing.defaultCeilingMs;
  const timeLeft = () =>
    Number.isFinite(expiresAt) ? expiresAt - (env.now() + skewMs) : ceiling - env.now();

  // Every answer's Date header corrects the deadline. It has second precision (hence + 500 ms), so
  // a difference under a second is noise and counts as none.
  const tracked: EndpointConfig = {
    ...config,
    fetch: async (input, init) => {
      const response = await config.fetch(input, init);
      const skew = Date.parse(response.headers.get("date") ?? "") + 500 - env.now();
      if (Math.abs(skew - skewMs) > 1000) {
        skewMs = Math.abs(skew) < 1000 ? 0 : skew;
        armDeadline();
      }
      return response;
    },
  };

  const offVisibility = visibility.onChange(() => {
    if (polling && !stopped && !visibility.isHidden()) {
      clearTimeout(pollTimer);
      void poll();
    }
  });

  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(pollTimer);
    clearTimeout(deadlineTimer);
    lifetime.abort();
    offVisibility();
  }

  function accept(snapshot: StatusSnapshot): boolean {
    if (stopped || sameSnapshot(last, snapshot)) return false;
    last = snapshot;
    if (isTerminal(snapshot)) stop();
    callback(() => hooks.onSnapshot(snapshot));
    return true;
  }

  function fail(error: CredportError) {
    if (stopped) return;
    stop();
    callback(() => hooks.onError?.(error));
  }

  function armDeadline() {
    clearTimeout(deadlineTimer);
    if (stopped || finalReadInFlight) return;
    const left = timeLeft();
    if (left > 0) deadlineTimer = setTimeout(armDeadline, Math.min(left, MAX_TIMER_MS));
    else void finalRead();
  }

  /** At the deadline: one more read. A final status wins; time left by the service's clock re-arms. */
  async function finalRead() {
    finalReadInFlight = true;
    const result = await read();
    finalReadInFlight = false;
    if (stopped) return;
    if (result.data) accept(result.data);
    if (stopped) return;
    if (timeLeft() > 0) return armDeadline();
    stop();
    callback(() => hooks.onTimeout?.());
  }

  /** One status read, abandoned when slower than the request timeout or when the subscription ends. */
  async function read() {
    const request = new AbortController();
    const abortRequest = () => request.abort();
    lifetime.signal.addEventListener("abort", abortRequest);
    const slow = setTimeout(abortRequest, timing.requestTimeoutMs);
    const result = await readStatusOnce(tracked, target, request.signal);
    clearTimeout(slow);
    lifetime.signal.removeEventListener("abort", abortRequest);
    return result;
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      lifetime.signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve();
      });
    });

  async function runRealtime() {
    let drops = 0;
    while (!stopped) {
      let sawEvent = false;
      const end = await streamStatus(
        tracked,
        target,
        (snapshot) => {
          sawEvent = true;
          accept(snapshot);
        },
        lifetime.signal,
        timing.realtimeIdleTimeoutMs,
      );
      if (stopped || end === "aborted") return;
      // A stalled stream means something holds streams back (a buffering proxy): poll instead.
      if (end === "unavailable" || end === "stalled") return startPolling();
      if (typeof end === "object") return fail(end);
      drops = sawEvent ? 1 : drops + 1;
      if (drops > MAX_REALTIME_DROPS) return startPolling();
      await pause(Math.min(500 * 2 ** (drops - 1), timing.maxPollIntervalMs));
    }
  }

  function startPolling() {
    polling = true;
    void poll();
  }

  async function poll() {
    if (stopped || pollInFlight) return;
    if (visibility.isHidden()) return; // resumed by the visibility listener
    pollInFlight = true;
    const result = await read();
    pollInFlight = false;
    if (stopped) return;
    let delay: number;
    if (result.data) {
      interval = accept(result.data)
        ? timing.pollIntervalMs
        : Math.min(interval * 1.5, timing.maxPollIntervalMs);
      delay = interval;
    } else if (isFatal(result.error)) {
      return fail(result.error);
    } else {
      // Network trouble, 5xx, 429: keep going, slower, and never sooner than Retry-After.
      interval = Math.min(interval * 2, timing.maxPollIntervalMs);
      delay = Math.max(interval, result.retryAfterMs ?? 0);
    }
    if (stopped) return;
    pollTimer = setTimeout(() => void poll(), delay);
  }

  armDeadline();
  if (env.transport === "polling") startPolling();
  else void runRealtime();
  return stop;
}

/**
 * Runs an app callback. What it throws is reported (the global `reportError`: the window's `error`
 * event and the console) instead of ending the subscription.
 */
function callback(run: () => void): void {
  try {
    run();
  } catch (error) {
    const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
    if (typeof report === "function") report(error);
    else console.error(error);
  }
}
