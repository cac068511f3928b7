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
}

export const DEFAULT_TIMING: SubscriptionTiming = {
  pollIntervalMs: 1000,
  maxPollIntervalMs: 8000,
  requestTimeoutMs: 10_000,
  defaultCeilingMs: 5 * 60 * 1000,
};

export interface SubscriptionHooks {
  onSnapshot(snapshot: StatusSnapshot): void;
  onError?(error: CredportError): void;
  onTimeout?(): void;
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

/**
 * Follows one verification until a terminal status, its expiry (or the default ceiling), an error
 * that reading again cannot fix, or `stop()`. Realtime first; polling with backoff as the fallback.
 * Delivers a snapshot only when it changed, and a terminal one exactly once.
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
  let polling = false;
  let pollInFlight = false;
  let interval = timing.pollIntervalMs;

  const expiresAt = target.expiresAt ? Date.parse(target.expiresAt) : Number.NaN;
  const deadline = Number.isFinite(expiresAt) ? expiresAt : env.now() + timing.defaultCeilingMs;
  const deadlineTimer = setTimeout(
    () => {
      if (stopped) return;
      stop();
      hooks.onTimeout?.();
    },
    Math.max(0, deadline - env.now()),
  );

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
    hooks.onSnapshot(snapshot);
    return true;
  }

  function fail(error: CredportError) {
    if (stopped) return;
    stop();
    hooks.onError?.(error);
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
        config,
        target,
        (snapshot) => {
          sawEvent = true;
          accept(snapshot);
        },
        lifetime.signal,
      );
      if (stopped || end.kind === "aborted") return;
      if (end.kind === "unavailable") return startPolling();
      if (end.kind === "error") return fail(end.error);
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
    const request = new AbortController();
    const abortRequest = () => request.abort();
    lifetime.signal.addEventListener("abort", abortRequest);
    const slow = setTimeout(abortRequest, timing.requestTimeoutMs);
    const result = await readStatusOnce(config, target, request.signal);
    clearTimeout(slow);
    lifetime.signal.removeEventListener("abort", abortRequest);
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

  if (env.transport === "polling") startPolling();
  else void runRealtime();
  return stop;
}
