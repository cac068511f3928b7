import { type Coordination, createStatusClient, type StatusClient } from "@credport/browser";
import { CredportConfigurationError, type CredportErrorCode } from "@credport/core";
import { createContext, type ReactNode, useContext, useState } from "react";

export interface CredportProviderProps {
  /**
   * `pk_test_…` or `pk_live_…`, e.g. `process.env.NEXT_PUBLIC_CREDPORT_PUBLISHABLE_KEY`. A missing
   * one throws a configuration error that names the variable; a secret key is refused.
   */
  publishableKey: string | undefined;
  /** The service's base URL, e.g. `process.env.NEXT_PUBLIC_CREDPORT_BASE_URL`. */
  baseUrl: string | undefined;
  /**
   * Your backend's route that creates a verification (and sets the pending binding cookie):
   * `/api/credport/verifications` with `@credport/next` or `@credport/session` at their defaults.
   */
  startUrl: string;
  /**
   * Your backend's session route: `POST` finalizes the session (required unless `sessionMode` is
   * "manual"), `GET` reads it (`useVerifiedSession`), `DELETE` signs out (`useSignOut`);
   * `/api/credport/session` at the defaults.
   */
  sessionUrl?: string | undefined;
  sessionMode?: "library" | "manual" | undefined;
  /** A Fetch implementation for status reads and your endpoints (tests pass one from `@credport/react/testing`). */
  fetch?: typeof fetch | undefined;
  /** Web Locks and BroadcastChannel stand-ins, for environments without them (tests). */
  coordination?: Coordination | undefined;
  children?: ReactNode;
}

export interface CredportContextValue {
  statusClient: StatusClient;
  startUrl: string;
  sessionUrl?: string | undefined;
  sessionMode: "library" | "manual";
  fetch?: typeof fetch | undefined;
  coordination?: Coordination | undefined;
}

export const CredportContext = createContext<CredportContextValue | null>(null);

function required(
  value: string | undefined,
  name: string,
  code: CredportErrorCode,
  variable: string,
) {
  if (value) return value;
  throw new CredportConfigurationError(
    `credport: <CredportProvider> has no ${name}. Pass ${name}={…}, e.g. from ${variable} (\`credport-emulator --env-file .env.local\` writes it for local development).`,
    { code },
  );
}

/** Makes the publishable key, the service URL and your endpoints available to the hooks below it. */
export function CredportProvider({
  publishableKey,
  baseUrl,
  startUrl,
  sessionUrl,
  sessionMode = "library",
  fetch,
  coordination,
  children,
}: CredportProviderProps) {
  const [statusClient] = useState(() =>
    createStatusClient({
      publishableKey: required(
        publishableKey,
        "publishableKey",
        "missing_api_key",
        "NEXT_PUBLIC_CREDPORT_PUBLISHABLE_KEY",
      ),
      baseUrl: required(baseUrl, "baseUrl", "missing_base_url", "NEXT_PUBLIC_CREDPORT_BASE_URL"),
      fetch,
    }),
  );
  return (
    <CredportContext.Provider
      value={{ statusClient, startUrl, sessionUrl, sessionMode, fetch, coordination }}
    >
      {children}
    </CredportContext.Provider>
  );
}

export function useCredportContext(): CredportContextValue {
  const value = useContext(CredportContext);
  if (!value)
    throw new CredportConfigurationError(
      "credport: useVerification and <VerificationGate> must be used inside <CredportProvider>.",
      { code: "missing_provider" },
    );
  return value;
}
