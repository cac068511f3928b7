import { type Coordination, createStatusClient, type StatusClient } from "@credport/browser";
import { createContext, type ReactNode, useContext, useState } from "react";

export interface CredportEndpoints {
  /** Your backend's route that creates a verification (and sets the pending binding cookie). */
  start: string;
  /** Your backend's route that finalizes the session; required unless sessionMode is "manual". */
  session?: string;
}

export interface CredportProviderProps {
  publishableKey: string;
  baseUrl: string;
  endpoints: CredportEndpoints;
  sessionMode?: "library" | "manual";
  /** A Fetch implementation for status reads and your endpoints (tests pass one from `@credport/react/testing`). */
  fetch?: typeof fetch;
  /** Web Locks and BroadcastChannel stand-ins, for environments without them (tests). */
  coordination?: Coordination;
  children?: ReactNode;
}

export interface CredportContextValue {
  status: StatusClient;
  endpoints: CredportEndpoints;
  sessionMode: "library" | "manual";
  fetch?: typeof fetch;
  coordination?: Coordination;
}

const CredportContext = createContext<CredportContextValue | null>(null);

/** Makes the publishable key, the service URL and your endpoints available to the hooks below it. */
export function CredportProvider({
  publishableKey,
  baseUrl,
  endpoints,
  sessionMode = "library",
  fetch,
  coordination,
  children,
}: CredportProviderProps) {
  const [status] = useState(() => createStatusClient({ publishableKey, baseUrl, fetch }));
  return (
    <CredportContext.Provider value={{ status, endpoints, sessionMode, fetch, coordination }}>
      {children}
    </CredportContext.Provider>
  );
}

export function useCredportContext(): CredportContextValue {
  const value = useContext(CredportContext);
  if (!value) throw new Error("credport: useVerification must be used inside <CredportProvider>.");
  return value;
}
