import {
  type CredportError,
  createVerificationFlow,
  type FlowState,
  type StartParams,
  type VerificationFlow,
} from "@credport/browser";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useCredportContext } from "./credport-context.js";

export interface UseVerificationOptions extends StartParams {
  /** Start as soon as the component mounts (once, also under Strict Mode). */
  autoStart?: boolean;
  onVerified?: (state: FlowState) => void;
  onFailed?: (state: FlowState) => void;
  onExpired?: (state: FlowState) => void;
}

export interface UseVerificationResult {
  status: FlowState["phase"];
  verificationId?: string;
  /** `openid4vp://…` for a QR code or a wallet link. */
  authorizationRequestUri?: string;
  failureCode?: string;
  error?: CredportError;
  /** Milliseconds until the verification expires, while it is open. */
  timeRemaining?: number;
  start(): Promise<FlowState>;
  /** Starts again after a final state. */
  retry(): Promise<FlowState>;
  reset(): void;
}

const SERVER_SNAPSHOT: FlowState = { phase: "idle" };

/** The start parameters from the latest options (read through a ref, so callbacks stay stable). */
function startParams(options: UseVerificationOptions): StartParams {
  const { policyId, customerUserRef, metadata, provider } = options;
  return { policyId, customerUserRef, metadata, provider };
}

/** A verification for this component: state from `@credport/browser`'s flow, nothing more. */
export function useVerification(options: UseVerificationOptions): UseVerificationResult {
  const { status, endpoints, sessionMode, fetch, coordination } = useCredportContext();
  const [flow] = useState<VerificationFlow>(() =>
    createVerificationFlow({
      status,
      startUrl: endpoints.start,
      sessionUrl: endpoints.session,
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

  // Final callbacks: once per verification.
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
    latest.current[callback]?.(state);
  }, [state]);

  const timeRemaining = useTimeRemaining(state);
  return {
    status: state.phase,
    verificationId: state.verificationId,
    authorizationRequestUri: state.authorizationRequestUri,
    failureCode: state.failureCode,
    error: state.error,
    timeRemaining,
    start,
    retry,
    reset,
  };
}

function useTimeRemaining(state: FlowState): number | undefined {
  const open = state.phase === "pending" || state.phase === "in_progress";
  const expiresAt = state.expiresAt ? Date.parse(state.expiresAt) : undefined;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open]);
  return open && expiresAt !== undefined ? Math.max(0, expiresAt - now) : undefined;
}
