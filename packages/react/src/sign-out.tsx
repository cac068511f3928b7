import { CredportError, type CredportErrorCode } from "@credport/core";
import { type ReactNode, useCallback, useContext, useState } from "react";
import { CredportContext } from "./credport-context.js";
import { safeReturnPath } from "./return-path.js";
import { globalFetch } from "./session-signal.js";
import { DEFAULT_SESSION_URL, sessionStore, UNVERIFIED } from "./session-store.js";

export interface UseSignOutOptions {
  /**
   * Your backend's session route, answering `DELETE` by clearing the session cookie. Defaults to the
   * provider's `sessionUrl`, else `/api/credport/session` (`@credport/next`'s).
   */
  sessionUrl?: string | undefined;
  /** Where to go once signed out: a path on this site (default `/`); anything else gives `/`. */
  redirectTo?: string | undefined;
  /** A Fetch implementation (defaults to the provider's, else the global one). */
  fetch?: typeof fetch | undefined;
}

export interface UseSignOutResult {
  /**
   * Sends `DELETE` to the session route, then replaces this page with `redirectTo` (a full load).
   * Rejects, without leaving the page, when the route does not answer 2xx.
   */
  signOut(): Promise<void>;
  /** `true` from the call until the page is left or the call failed. */
  pending: boolean;
  /** Why the last call failed: `code` is the route's error code, or `unexpected_status` when its body has none. */
  error?: CredportError | undefined;
}

/**
 * Sign-out that leaves no copy of the protected page behind. After the session route has cleared
 * the cookie it goes to `redirectTo` with `location.replace`, not the client router: a full load
 * drops the router's in-memory cache of protected pages, and replacing the history entry removes
 * the page Back would return to (from the router cache or the browser's back/forward cache).
 *
 * @example
 * const { signOut, pending } = useSignOut({ redirectTo: "/" });
 * <button type="button" disabled={pending} onClick={() => void signOut()}>Sign out</button>
 */
export function useSignOut(options: UseSignOutOptions = {}): UseSignOutResult {
  const context = useContext(CredportContext);
  const [state, setState] = useState<{ pending: boolean; error?: CredportError }>({
    pending: false,
  });
  const sessionUrl = options.sessionUrl ?? context?.sessionUrl ?? DEFAULT_SESSION_URL;
  const http = options.fetch ?? context?.fetch ?? globalFetch;
  const redirectTo = safeReturnPath(options.redirectTo) ?? "/";
  const signOut = useCallback(async () => {
    setState({ pending: true });
    try {
      const response = await http(sessionUrl, {
        method: "DELETE",
        credentials: "same-origin",
        headers: { accept: "application/json" },
        cache: "no-store",
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { code?: unknown };
        throw new CredportError(
          `credport: signing out failed: ${sessionUrl} answered ${response.status}; the session is still there.`,
          {
            // The route's own code as sent; `unexpected_status` when its body has none.
            code:
              typeof body.code === "string" && body.code !== ""
                ? (body.code as CredportErrorCode)
                : "unexpected_status",
            status: response.status,
          },
        );
      }
    } catch (error) {
      const e =
        error instanceof CredportError
          ? error
          : new CredportError(`credport: signing out failed: ${sessionUrl} could not be reached.`, {
              code: "sign_out_failed",
            });
      setState({ pending: false, error: e });
      throw e;
    }
    sessionStore(http, sessionUrl).set(UNVERIFIED);
    location.replace(redirectTo);
  }, [http, sessionUrl, redirectTo]);
  return { signOut, pending: state.pending, error: state.error };
}

export interface SignOutButtonProps extends UseSignOutOptions {
  /** The button's content; default "Sign out". */
  children?: ReactNode;
  className?: string | undefined;
  /** Called when signing out failed (the page stays). */
  onError?: ((error: CredportError) => void) | undefined;
}

/**
 * A "Sign out" button: `useSignOut` in a `<button type="button">`, disabled while it runs, with
 * the `credport-sign-out` class (plus yours) and `data-phase="pending"` or `"error"` for styles. Works with or without `<CredportProvider>`.
 *
 * @example
 * <SignOutButton redirectTo="/" className="button" />
 */
export function SignOutButton({ children, className, onError, ...options }: SignOutButtonProps) {
  const { signOut, pending, error } = useSignOut(options);
  return (
    <button
      type="button"
      className={className ? `credport-sign-out ${className}` : "credport-sign-out"}
      disabled={pending}
      data-phase={pending ? "pending" : error ? "error" : undefined}
      onClick={() => void signOut().catch((e: CredportError) => onError?.(e))}
    >
      {children ?? "Sign out"}
    </button>
  );
}
