import { type CredportError, normalizeBaseUrl, parsePublishableKey } from "@credport/core";
import type { StatusSnapshot } from "./snapshot.js";
import {
  type EndpointConfig,
  type ReadResult,
  readStatusOnce,
  type StatusTarget,
} from "./status-endpoint.js";
import { DEFAULT_TIMING, type SubscriptionTiming, startSubscription } from "./subscription.js";
import { documentVisibility, type Visibility } from "./visibility.js";

export type { EndpointConfig };

export interface StatusClientOptions {
  /** `pk_test_…` or `pk_live_…`. A secret key is refused: it must never reach a browser. */
  publishableKey: string;
  /** The service's base URL, without `/v1` (every path starts with it). */
  baseUrl: string;
  fetch?: typeof fetch | undefined;
  /** "auto" (default): realtime first, polling when realtime is unavailable. */
  transport?: "auto" | "polling" | undefined;
  timing?: Partial<SubscriptionTiming> | undefined;
  /** For tests: the page's visibility. */
  visibility?: Visibility | undefined;
}

export interface SubscribeTarget extends StatusTarget {
  /** The verification's expiry (from create); without it, the five-minute ceiling applies. */
  expiresAt?: string;
}

export interface SubscribeOptions {
  /** An error that ends the subscription (missing_token, invalid_token, key_mismatch, …). */
  onError?: ((error: CredportError) => void) | undefined;
  /**
   * The expiry (by the service's clock) or the ceiling passed, and one final read found no final
   * status; no request follows.
   */
  onTimeout?: (() => void) | undefined;
}

export interface StatusClient {
  /**
   * Follows a verification; `onSnapshot` runs on every change, a final status exactly once. An
   * exception thrown by a callback does not end the subscription: it is reported with the global
   * `reportError` (the window's `error` event). Returns the function that unsubscribes: it stops
   * every timer and request, and calling it again does nothing.
   */
  subscribe(
    target: SubscribeTarget,
    onSnapshot: (snapshot: StatusSnapshot) => void,
    options?: SubscribeOptions,
  ): () => void;
  /** One status read: `{ data }` or `{ error }`, never a throw. */
  read(target: StatusTarget): Promise<ReadResult>;
  /**
   * Where and how this client reaches the service (base URL, publishable key, fetch): the
   * verification flow posts a Digital Credentials API answer with it.
   */
  readonly endpoint: EndpointConfig;
}

/**
 * The browser status client. Reads with the verification's client token and the publishable key;
 * touches no `window` at import, and on the server its subscriptions are inert.
 *
 * @example
 * const statusClient = createStatusClient({ publishableKey: "pk_test_…", baseUrl: "https://…" });
 * const unsubscribe = statusClient.subscribe({ verificationId, clientToken, expiresAt }, (s) =>
 *   render(s.status),
 * );
 */
export function createStatusClient(options: StatusClientOptions): StatusClient {
  parsePublishableKey(options.publishableKey);
  const config: EndpointConfig = {
    baseUrl: normalizeBaseUrl(options.baseUrl),
    publishableKey: options.publishableKey,
    fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)),
  };
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const onServer = typeof window === "undefined";

  return {
    subscribe(target, onSnapshot, subscribeOptions = {}) {
      if (onServer) return () => {};
      return startSubscription(
        config,
        target,
        { onSnapshot, onError: subscribeOptions.onError, onTimeout: subscribeOptions.onTimeout },
        {
          timing,
          visibility: options.visibility ?? documentVisibility,
          now: Date.now,
          transport: options.transport ?? "auto",
        },
      );
    },
    read: (target) => readStatusOnce(config, target),
    endpoint: config,
  };
}
