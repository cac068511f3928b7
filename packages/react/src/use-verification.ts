import {
  type CredportError,
  createVerificationFlow,
  type DcApiPhase,
  type FailureCode,
  type FlowPhase,
  type FlowState,
  type PresentOptions,
  type StartParams,
  type VerificationFlow,
} from "@credport/browser";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useCredportContext } from "./credport-context.js";
import { returnPathFromLocation, safeReturnPath } from "./return-path.js";
import { globalFetch, sessionWritten } from "./session-signal.js";
import { useTimeRemaining } from "./use-time-remaining.js";

export interface UseVerificationOptions {
  /** A built-in preset (`preset_age_over_18`, `preset_identity_basic`) or your policy's ID. */
  policyId: string;
  customerUserRef?: string | undefined;
  metadata?: Record<string, string> | undefined;
  provider?: string | undefined;
  /** Start as soon as the component mounts (once, also under Strict Mode). */
  autoStart?: boolean | undefined;
  /**
   * Where to go once verified (after the session is written): the page's `?redirect_url=` when it
   * holds a path on this site (`@credport/next`'s middleware sets it), else this path. Anything
   * that could leave the site (`//host`, `/\host`, absolute URLs) is ignored. `false`: stay.
   */
  returnTo?: string | false | undefined;
  /** How to go there; default `location.replace`, so Back does not start a new verification. */
  navigate?: ((path: string) => void) | undefined;
  onVerified?: ((state: FlowState) => void) | undefined;
  onFailed?: ((state: FlowState) => void) | undefined;
  onExpired?: ((state: FlowState) => void) | undefined;
}

export interface UseVerificationResult {
  /**
   * Where the flow is: `idle`, `starting`, the service's `pending`/`in_progress`, `finalizing`
   * (writing the session), then `verified`, `failed`, `expired`, `canceled`, `timeout` or `error`.
   */
  phase: FlowPhase;
  verificationId?: string | undefined;
  /** `openid4vp://…` for a QR code (desktop) or a wallet link (mobile). */
  authorizationRequestUri?: string | undefined;
  /**
   * The Credport emulator's test wallet page for this request, in its test environments only
   * (never with live keys): render it as an "Open in test wallet" link.
   */
  testWalletUrl?: string | undefined;
  /** With `failed`: `presentation_invalid`, `claims_missing`, `claims_not_satisfied`, `credential_revoked`, `credential_expired`, `wallet_rejected`. */
  failureCode?: FailureCode | undefined;
  error?: CredportError | undefined;
  /**
   * Milliseconds until the verification expires, while it is open; `undefined` before the first
   * effect (time is read only in effects, so server and prerendered HTML never depend on the clock).
   */
  timeRemainingMs?: number | undefined;
  /**
   * The wallet on this device (the browser's Digital Credentials API), while `pending`: `ready`
   * when this browser can ask it (offer a button that calls `present()`), `unsupported` or
   * `blocked` when not (the QR code and link only), `presenting` and `submitting` while busy,
   * `declined`, `wallet_error`, `aborted` or `failed` after a try that did not end it (offer the
   * button again, besides the QR code and link), `submitted` once the answer is in.
   * `undefined` when the backend sent no DC API requests.
   */
  dcApi?: DcApiPhase | undefined;
  /** With `dcApi: "wallet_error"`: the wallet's error code (e.g. `access_denied`). */
  walletError?: string | undefined;
  /**
   * Asks the wallet on this device (`navigator.credentials.get`) with the request already in hand.
   * Call it directly in your button's click handler, with no `await` before it: the browser allows
   * the call only during the click. Resolves with the state once the try settles; rejects with
   * `dc_api_unavailable` unless `dcApi` is `ready` or one of the states after a failed try.
   */
  present(options?: PresentOptions): Promise<FlowState>;
  start(): Promise<FlowState>;
  /** Starts again after a final state. */
  retry(): Promise<FlowState>;
  reset(): void;
}

const SERVER_SNAPSHOT: FlowState = { phase: "idle" };

/** The start parameters from the latest options, without unset fields. */
function startParams({ policyId, customerUserRef, metadata, provider }: UseVerificationOptions) {
  const params: StartParams = { policyId };
  if (customerUserRef !== undefined) params.customerUserRef = customerUserRef;
  if (metadata !== undefined) params.metadata = metadata;
  if (provider !== undefined) params.provider = provider;
  return params;
}

/** Where to go after `verified`, or `undefined` to stay. */
export function returnPath(returnTo: string | false | undefined): string | undefined {
  if (returnTo === false) return undefined;
  return returnPathFromLocation() ?? safeReturnPath(returnTo);
}

/** A verification for this component: state from `@credport/browser`'s flow, nothing more. */
export function useVerification(options: UseVerificationOptions): UseVerificationResult {
  const { statusClient, startUrl, sessionUrl, sessionMode, fetch, coordination } =
    useCredportContext();
  const [flow] = useState<VerificationFlow>(() =>
    createVerificationFlow({
      statusClient,
      startUrl,
      sessionUrl,
      sessionMode,
      fetch,
      coordination,
    }),
  );
  const state = useSyncExternalStore(flow.subscribe, flow.getSnapshot, () => SERVER_SNAPSHOT);
  const latest = useRef(options);
  latest.current = options;

  const start = useCallback(() => flow.start(startParams(latest.current)), [flow]);
  const retry = useCallback(() => {
    flow.reset();
    return flow.start(startParams(latest.current));
  }, [flow]);
  const reset = useCallback(() => flow.reset(), [flow]);
  // Synchronous on purpose: get() must run inside the click that calls this.
  const present = useCallback((options?: PresentOptions) => flow.present(options), [flow]);

  // Strict Mode mounts, unmounts and mounts again: the flow is reset only if no mount follows.
  const mounted = useRef(0);
  useEffect(() => {
    mounted.current += 1;
    if (latest.current.autoStart && flow.getSnapshot().phase === "idle")
      flow.start(startParams(latest.current)).catch(() => {});
    return () => {
      mounted.current -= 1;
      setTimeout(() => {
        if (mounted.current === 0) flow.reset();
      }, 0);
    };
  }, [flow]);

  // Final callbacks: once per verification; then, once verified, back to where the user was.
  const fired = useRef<string | undefined>(undefined);
  useEffect(() => {
    const key = `${state.verificationId}:${state.phase}`;
    if (!state.verificationId || fired.current === key) return;
    const callback = {
      verified: "onVerified",
      failed: "onFailed",
      expired: "onExpired",
      timeout: "onExpired",
    }[state.phase as string] as "onVerified" | "onFailed" | "onExpired" | undefined;
    if (!callback) return;
    fired.current = key;
    // The session is written now (library mode): useVerifiedSession of this app reads it again.
    if (state.phase === "verified" && sessionMode === "library" && sessionUrl)
      for (const written of sessionWritten) written(fetch ?? globalFetch, sessionUrl);
    latest.current[callback]?.(state);
    const path = state.phase === "verified" ? returnPath(latest.current.returnTo) : undefined;
    if (path !== undefined) (latest.current.navigate ?? ((p) => location.replace(p)))(path);
  }, [state, sessionMode, sessionUrl, fetch]);

  const timeRemainingMs = useTimeRemaining(state);
  return {
    phase: state.phase,
    verificationId: state.verificationId,
    authorizationRequestUri: state.authorizationRequestUri,
    testWalletUrl: state.testWalletUrl,
    failureCode: state.failureCode,
    error: state.error,
    timeRemainingMs,
    dcApi: state.dcApi,
    walletError: state.walletError,
    present,
    start,
    retry,
    reset,
  };
}
