import { useContext, useSyncExternalStore } from "react";
import { CredportContext } from "./credport-context.js";
import { globalFetch } from "./session-signal.js";
import { DEFAULT_SESSION_URL, LOADING, type SessionPhase, sessionStore } from "./session-store.js";

export type { SessionPhase };

export interface UseVerifiedSessionOptions {
  /**
   * Your backend's session route, answering `GET` with `{ verified: boolean, expiresAt? }`
   * (`@credport/next`'s does). Defaults to the provider's `sessionUrl`, else
   * `/api/credport/session`.
   */
  sessionUrl?: string | undefined;
  /** A Fetch implementation (defaults to the provider's, else the global one). */
  fetch?: typeof fetch | undefined;
}

export interface UseVerifiedSessionResult {
  /** `loading` on the server and until the backend answered; then `verified` or `unverified`. */
  phase: SessionPhase;
  /** ISO time the session ends, when verified; the phase turns `unverified` then. */
  expiresAt?: string | undefined;
  /** Asks the backend again, e.g. after finalizing the session yourself (`sessionMode: "manual"`). */
  refresh(): Promise<void>;
}

const serverSnapshot = () => LOADING;

/**
 * Whether this browser holds a verified session, for client components (a header's "Sign out",
 * a "Verified" badge): never the session's claims, which stay on the server. One read per page,
 * shared by every component; it turns `verified` when a `<VerificationGate>` or `useVerification`
 * of this app finalizes, and `unverified` after `useSignOut`. Works with or without a provider.
 *
 * @example
 * const { phase } = useVerifiedSession();
 * return phase === "verified" ? <SignOutButton /> : <a href="/verify">Verify your age</a>;
 */
export function useVerifiedSession(
  options: UseVerifiedSessionOptions = {},
): UseVerifiedSessionResult {
  const context = useContext(CredportContext);
  const store = sessionStore(
    options.fetch ?? context?.fetch ?? globalFetch,
    options.sessionUrl ?? context?.sessionUrl ?? DEFAULT_SESSION_URL,
  );
  const snapshot = useSyncExternalStore(store.subscribe, store.get, serverSnapshot);
  return { ...snapshot, refresh: store.refresh };
}
