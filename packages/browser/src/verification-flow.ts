import {
  CredportConfigurationError,
  CredportError,
  type CredportErrorCode,
  type FailureCode,
} from "@credport/core";
import { type DcApiPhase, type DcApiRequest, requestCredential, usableRequests } from "./dc-api.js";
import { submitDcApiAnswer } from "./dc-api-answer.js";
import { type FlowPhase, isActivePhase, isOpenPhase } from "./flow-phase.js";
import type { StatusSnapshot } from "./snapshot.js";
import { readStartAnswer, type StartedVerification } from "./start-answer.js";
import type { StatusClient } from "./status-client.js";
import { browserCoordination, type Coordination, leadOrFollow } from "./tab-coordination.js";

export interface StartParams {
  policyId: string;
  customerUserRef?: string;
  metadata?: Record<string, string>;
  provider?: string;
}

export type { FlowPhase };

export interface FlowState {
  phase: FlowPhase;
  verificationId?: string;
  authorizationRequestUri?: string;
  /**
   * Test environments of the Credport emulator only: its test wallet page for this verification,
   * when the start endpoint passed one on. Show it as a link beside the QR code.
   */
  testWalletUrl?: string;
  expiresAt?: string;
  /** With `failed`: why (`presentation_invalid`, `claims_missing`, …). */
  failureCode?: FailureCode;
  /** With the phase `error`, or with `dcApi: "failed"`. */
  error?: CredportError;
  /**
   * The Digital Credentials API path, when the verification has requests for it (see
   * {@link DcApiPhase}): offer "use a wallet on this device" while it is `ready` (or after
   * `declined`, `wallet_error`, `aborted`, `failed`: a retry), beside the QR code and link.
   */
  dcApi?: DcApiPhase;
  /** With `dcApi: "wallet_error"`: the wallet's error code (e.g. `access_denied`). */
  walletError?: string;
}

/** Options of {@link VerificationFlow.present}. */
export interface PresentOptions {
  /** Aborts the browser's request (`dcApi` becomes `aborted`; the QR code and link stay). */
  signal?: AbortSignal | undefined;
}

export interface VerificationFlowOptions {
  /** The status client that follows the verification (`createStatusClient`). */
  statusClient: StatusClient;
  /** The app's own endpoint that creates the verification (and sets the pending binding cookie). */
  startUrl: string;
  /** The app's own endpoint that turns a verified verification into a session (library mode). */
  sessionUrl?: string | undefined;
  /** "library" (default): the flow finalizes the session, once across tabs. "manual": the app does. */
  sessionMode?: "library" | "manual" | undefined;
  fetch?: typeof fetch | undefined;
  /** For tests: Web Locks and BroadcastChannel. */
  coordination?: Coordination | undefined;
}

export interface VerificationFlow {
  /** Creates a verification through the app's backend and follows it. A second call joins the first. */
  start(params: StartParams): Promise<FlowState>;
  /**
   * Follows a verification created elsewhere: by another tab, or by a server-rendered page. Tabs on
   * one verification share one status connection.
   */
  attach(verification: StartedVerification): void;
  getSnapshot(): FlowState;
  /** Calls `listener` on every change of the state; returns the function that unsubscribes. */
  subscribe(listener: () => void): () => void;
  /** Forgets the current verification (stops following it) and goes back to idle. */
  reset(): void;
  /**
   * Asks a wallet through the Digital Credentials API: call it from the user's click, once
   * `dcApi` is `ready` (the request is in hand: nothing is fetched before the browser's `get()`,
   * which needs the click's activation). Posts the wallet's answer unchanged to the service and
   * resolves with the state (the status follows as for the QR code). A decline, a wallet's error,
   * an abort or a failure set `dcApi` accordingly and keep the verification open for the QR code
   * and link. Rejects with `dc_api_unavailable` when `dcApi` is not one that allows a try.
   */
  present(options?: PresentOptions): Promise<FlowState>;
}

type TabMessage =
  | { type: "snapshot"; snapshot: StatusSnapshot }
  | { type: "finalized" }
  | { type: "finalize_failed"; code: CredportErrorCode; message: string };

const IDLE: FlowState = { phase: "idle" };
/** `dcApi` states from which `present()` may (again) ask the browser. */
const PRESENTABLE: (DcApiPhase | undefined)[] = [
  "ready",
  "declined",
  "wallet_error",
  "aborted",
  "failed",
];

const flowError = (code: CredportErrorCode, message: string, status?: number) =>
  new CredportError(`credport: ${message}`, { code, status });

/**
 * The code of an app backend's error body: its own code as sent (the Credport routes' codes, or an
 * app's own backend's), `unexpected_status` when the body has none.
 */
const backendCode = (code: unknown): CredportErrorCode =>
  typeof code === "string" && code !== "" ? (code as CredportErrorCode) : "unexpected_status";

/**
 * A library-managed verification: asks the app's backend to create it, follows its status (one tab
 * leads per verification, the others listen), and on `verified` asks the backend to finalize the
 * session, once across tabs.
 */
export function createVerificationFlow(options: VerificationFlowOptions): VerificationFlow {
  const mode = options.sessionMode ?? "library";
  const sessionUrl = options.sessionUrl;
  // Checked now: the option under its 0.x name (`status`) would fail later, unnamed.
  const missing = !options.statusClient
    ? "statusClient"
    : !sessionUrl && mode === "library"
      ? 'sessionUrl (or sessionMode "manual")'
      : "";
  if (missing)
    throw new CredportConfigurationError(`credport: ${missing} is required`, {
      code: "invalid_option",
    });
  const http = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const listeners = new Set<() => void>();
  let state: FlowState = IDLE;
  let current: { key: string; promise: Promise<FlowState>; stop(): void } | undefined;
  // The verification followed, the DC API requests this browser can use, the open `get()`, and
  // how a snapshot reaches the state (set by `follow`).
  let followed: StartedVerification | undefined;
  let usable: DcApiRequest[] | undefined;
  let presentation: AbortController | undefined;
  let applySnapshot: (snapshot: StatusSnapshot) => void = () => {};
  const endPresentation = () => {
    presentation?.abort();
    presentation = undefined;
  };

  let onSettled: () => void = () => {};
  const set = (next: FlowState) => {
    state = next;
    if (!isActivePhase(state.phase) && state.phase !== "idle") onSettled();
    for (const listener of listeners) listener();
  };

  async function postJson(url: string, body: unknown): Promise<Record<string, unknown>> {
    const response = await http(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      // The backend's own codes (VERIFICATION_BINDING_REQUIRED …) reach the app unchanged.
      throw flowError(
        backendCode(data.code),
        String(data.message ?? `${url} answered ${response.status}`),
        response.status,
      );
    }
    return data;
  }

  function follow(
    verification: StartedVerification,
    coordination: Coordination | undefined,
  ): () => void {
    followed = verification;
    const apply = (snapshot: StatusSnapshot) => {
      if (!isActivePhase(state.phase)) return;
      const finalizing = snapshot.status === "verified" && mode === "library";
      set({
        ...state,
        phase: finalizing ? "finalizing" : snapshot.status,
        ...(snapshot.failureCode ? { failureCode: snapshot.failureCode } : {}),
      });
    };
    applySnapshot = apply;
    const onTimeout = () => set({ ...state, phase: "timeout" });
    const onError = (error: CredportError) => set({ ...state, phase: "error", error });
    const target = {
      verificationId: verification.verificationId,
      clientToken: verification.clientToken,
      expiresAt: verification.expiresAt,
    };

    if (!coordination) {
      return options.statusClient.subscribe(target, apply, { onTimeout, onError });
    }

    const finalizedKey = `credport:finalized:${verification.verificationId}`;
    let stopLeading = () => {};
    const tab = leadOrFollow(coordination, `credport:verification:${verification.verificationId}`, {
      lead(release) {
        // Taking over after the verified snapshot arrived: only the session may be left to do.
        if (state.phase === "finalizing") {
          void finalize().finally(release);
          return;
        }
        if (!isActivePhase(state.phase)) {
          release();
          return;
        }
        stopLeading = options.statusClient.subscribe(
          target,
          (snapshot) => {
            apply(snapshot);
            tab.post({ type: "snapshot", snapshot } satisfies TabMessage);
            if (snapshot.status === "verified" && mode === "library")
              void finalize().finally(release);
            else if (!isActivePhase(snapshot.status as FlowPhase)) release();
          },
          {
            onTimeout: () => {
              onTimeout();
              release();
            },
            onError: (error) => {
              onError(error);
              release();
            },
          },
        );
      },
      onMessage(message) {
        const m = message as TabMessage;
        if (m.type === "snapshot") apply(m.snapshot);
        if (m.type === "finalized" && state.phase === "finalizing")
          set({ ...state, phase: "verified" });
        if (m.type === "finalize_failed" && state.phase === "finalizing")
          set({ ...state, phase: "error", error: flowError(m.code, m.message) });
      },
    });

    async function finalize() {
      // A tab that took over after another finalized must not finalize again.
      if (readMarker(finalizedKey)) {
        set({ ...state, phase: "verified" });
        return;
      }
      try {
        await postJson(sessionUrl!, { verificationId: verification.verificationId });
        writeMarker(finalizedKey);
        if (state.phase === "finalizing") set({ ...state, phase: "verified" });
        tab.post({ type: "finalized" } satisfies TabMessage);
      } catch (error) {
        const e =
          error instanceof CredportError
            ? error
            : flowError("session_finalization_failed", "finalizing the session failed");
        set({ ...state, phase: "error", error: e });
        tab.post({
          type: "finalize_failed",
          code: e.code,
          message: e.message,
        } satisfies TabMessage);
      }
    }

    const end = () => {
      stopLeading();
      tab.close();
    };
    // A tab whose flow has settled stops listening and stops waiting to lead.
    onSettled = () => queueMicrotask(end);
    return end;
  }

  /** The pending state, and the requests `present()` will pass (none unless the browser can). */
  function pending(verification: StartedVerification): FlowState {
    endPresentation();
    const found = verification.dcApiRequests && usableRequests(verification.dcApiRequests);
    usable = Array.isArray(found) ? found : undefined;
    return pendingState(verification, found);
  }

  function present(presentOptions: PresentOptions = {}): Promise<FlowState> {
    const verification = followed;
    const requests = usable;
    if (
      !verification ||
      !requests ||
      !PRESENTABLE.includes(state.dcApi) ||
      !isOpenPhase(state.phase)
    )
      return Promise.reject(
        flowError(
          "dc_api_unavailable",
          `the Digital Credentials API cannot be used now (${state.dcApi ?? "no DC API requests"}, ${state.phase}); offer the QR code and link`,
        ),
      );
    const controller = new AbortController();
    // First, before anything else: the browser refuses get() once the click's activation is gone.
    const got = requestCredential(requests, controller.signal);
    const signal = presentOptions.signal;
    if (signal?.aborted) controller.abort(signal.reason);
    signal?.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
    endPresentation();
    presentation = controller;
    const { error: _error, walletError: _walletError, ...rest } = state;
    set({ ...rest, dcApi: "presenting" });
    const settle = (dcApi: DcApiPhase, extra: Partial<FlowState> = {}) => {
      if (presentation === controller) set({ ...state, dcApi, ...extra });
      return state;
    };
    return got.then(
      async (credential) => {
        if (presentation !== controller) return state;
        const { protocol, data } = (credential ?? {}) as { protocol?: string; data?: unknown };
        const walletError = (data as { error?: unknown } | undefined)?.error;
        // Not sent to the service: that would end the verification, and the QR code with it.
        if (walletError !== undefined)
          return settle("wallet_error", { walletError: String(walletError) });
        if (!protocol) return settle("declined");
        settle("submitting");
        const result = await submitDcApiAnswer(options.statusClient.endpoint, verification, {
          protocol,
          data,
        });
        if (result.error) return settle("failed", { error: result.error });
        settle("submitted");
        if (presentation === controller) applySnapshot(result.data);
        return state;
      },
      (error: { name?: string } | undefined) => {
        const name = error?.name;
        if (controller.signal.aborted || name === "AbortError") return settle("aborted");
        if (name === "NotAllowedError") return settle("declined");
        return settle("failed", {
          error: flowError(
            "dc_api_failed",
            `the browser's Digital Credentials API request failed (${name ?? "unknown error"})`,
          ),
        });
      },
    );
  }

  return {
    present,
    start(params) {
      const key = JSON.stringify([
        params?.policyId,
        params?.customerUserRef,
        params?.metadata ?? null,
        params?.provider ?? null,
      ]);
      if (current && isActivePhase(state.phase)) {
        if (current.key === key) return current.promise;
        return Promise.reject(
          flowError(
            "verification_invalid_state",
            "a verification with other parameters is already in progress; reset() it first",
          ),
        );
      }
      const coordination = options.coordination ?? browserCoordination();
      if (mode === "library" && !coordination) {
        const error = flowError(
          "session_coordination_unsupported",
          'this browser has no Web Locks, which library-managed sessions need; use sessionMode: "manual"',
        );
        set({ phase: "error", error });
        return Promise.reject(error);
      }
      current?.stop();
      set({ phase: "starting" });
      let stop = () => {};
      const promise = postJson(options.startUrl, params)
        .then((data) => readStartAnswer(data, `the start endpoint (${options.startUrl})`))
        .then(
          (verification) => {
            if (current?.promise !== promise) return state; // reset() while starting
            set(pending(verification));
            stop = follow(verification, coordination);
            return state;
          },
          (error: unknown) => {
            const e =
              error instanceof CredportError
                ? error
                : flowError("verification_start_failed", "the start request did not reach the app");
            if (current?.promise === promise) set({ phase: "error", error: e });
            throw e;
          },
        );
      current = { key, promise, stop: () => stop() };
      return promise;
    },
    attach(attached) {
      let verification: StartedVerification;
      try {
        verification = readStartAnswer(attached, "attach()");
      } catch (error) {
        current?.stop();
        current = undefined;
        set({ phase: "error", error: error as CredportError });
        return;
      }
      const coordination = options.coordination ?? browserCoordination();
      if (mode === "library" && !coordination) {
        set({
          phase: "error",
          error: flowError(
            "session_coordination_unsupported",
            "this browser has no Web Locks, which library-managed sessions need",
          ),
        });
        return;
      }
      current?.stop();
      set(pending(verification));
      const stop = follow(verification, coordination);
      current = {
        key: `attached:${verification.verificationId}`,
        promise: Promise.resolve(state),
        stop,
      };
    },
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      endPresentation();
      followed = undefined;
      current?.stop();
      current = undefined;
      set(IDLE);
    },
  };
}

/**
 * The state of a verification just started or attached: what the QR code and links need, and
 * whether this browser can use its Digital Credentials API requests.
 */
function pendingState(
  verification: StartedVerification,
  usable: ReturnType<typeof usableRequests> | undefined,
): FlowState {
  const { verificationId, authorizationRequestUri, expiresAt, testWalletUrl } = verification;
  return {
    phase: "pending",
    verificationId,
    authorizationRequestUri,
    expiresAt,
    ...(testWalletUrl ? { testWalletUrl } : {}),
    ...(usable ? { dcApi: Array.isArray(usable) ? "ready" : usable } : {}),
  };
}

function readMarker(key: string): boolean {
  try {
    return typeof localStorage !== "undefined" && localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

function writeMarker(key: string): void {
  try {
    if (typeof localStorage !== "undefined") localStorage.setItem(key, "1");
  } catch {
    // Storage may be disabled; the lock still keeps finalization to one tab at a time.
  }
}
