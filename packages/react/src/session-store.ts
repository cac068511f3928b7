import { sessionWritten } from "./session-signal.js";

/** `@credport/next`'s session route, when neither the options nor a provider name one. */
export const DEFAULT_SESSION_URL = "/api/credport/session";

/** Whether this browser holds a verified session; `loading` until the backend has answered. */
export type SessionPhase = "loading" | "verified" | "unverified";

export interface SessionSnapshot {
  phase: SessionPhase;
  /** ISO time the session ends, when verified (and the backend says). */
  expiresAt?: string | undefined;
}

export interface SessionStore {
  subscribe(listener: () => void): () => void;
  get(): SessionSnapshot;
  /** Asks the backend again (`GET` on the session route). */
  refresh(): Promise<void>;
  set(snapshot: SessionSnapshot): void;
}

export const LOADING: SessionSnapshot = { phase: "loading" };
export const UNVERIFIED: SessionSnapshot = { phase: "unverified" };

// One store per fetch and route: hooks, sign-out and the gate of one app see the same answer.
const stores = new WeakMap<typeof fetch, Map<string, SessionStore>>();
// A finalized verification reads again the store of its fetch and route, if there is one.
const onWritten = (http: typeof fetch, sessionUrl: string) =>
  void stores.get(http)?.get(sessionUrl)?.refresh();

export function sessionStore(http: typeof fetch, sessionUrl: string): SessionStore {
  sessionWritten.add(onWritten);
  const bySessionUrl = stores.get(http) ?? new Map<string, SessionStore>();
  stores.set(http, bySessionUrl);
  const store = bySessionUrl.get(sessionUrl) ?? createSessionStore(http, sessionUrl);
  bySessionUrl.set(sessionUrl, store);
  return store;
}

function createSessionStore(http: typeof fetch, sessionUrl: string): SessionStore {
  const listeners = new Set<() => void>();
  let snapshot = LOADING;
  let version = 0;
  let asked = false;
  let expiry: ReturnType<typeof setTimeout> | undefined;

  const set = (next: SessionSnapshot) => {
    version += 1;
    clearTimeout(expiry);
    snapshot = next;
    const left = next.expiresAt ? Date.parse(next.expiresAt) - Date.now() : Number.NaN;
    // The session ends on its own; beyond setTimeout's range (~24 days) a reload will have come first.
    if (left < 2 ** 31) expiry = setTimeout(() => set(UNVERIFIED), Math.max(left, 0));
    for (const listener of listeners) listener();
  };

  const refresh = async () => {
    asked = true;
    const at = ++version;
    let next = UNVERIFIED;
    try {
      const response = await http(sessionUrl, {
        method: "GET",
        credentials: "same-origin",
        headers: { accept: "application/json" },
        cache: "no-store",
      });
      const body = response.ok ? ((await response.json()) as Record<string, unknown>) : {};
      if (body.verified === true)
        next = {
          phase: "verified",
          expiresAt: typeof body.expiresAt === "string" ? body.expiresAt : undefined,
        };
    } catch {
      // Not reachable, or not JSON: nothing says this browser is verified.
    }
    // A sign-out or a newer read since this one started wins.
    if (at === version) set(next);
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!asked) {
        void refresh();
        // A page restored from the back/forward cache kept its old answer: a sign-out since then
        // (another page, another tab) would leave "Sign out" showing.
        addEventListener("pageshow", (event) => {
          if (event.persisted) void refresh();
        });
      }
      return () => listeners.delete(listener);
    },
    get: () => snapshot,
    refresh,
    set,
  };
}
