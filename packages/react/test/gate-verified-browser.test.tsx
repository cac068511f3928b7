import { CredportProvider, VerificationGate, type VerificationGateProps } from "@credport/react";
import { createCredportTestEnvironment } from "@credport/react/testing";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, expect, it, vi } from "vitest";

// A browser that verified earlier (a reload, a second visit to /verify) must not start a new
// verification: each start counts against the backend's rate limit ("Too many attempts").

afterEach(() => {
  cleanup();
  window.history.replaceState(null, "", "/");
});

/** The test environment, with every request the gate's app makes written down as `METHOD path`. */
function environment(verified: boolean) {
  const env = createCredportTestEnvironment();
  env.setSession(verified);
  const requests: string[] = [];
  const recording: typeof fetch = (input, init) => {
    const request = new Request(new URL(String(input), "https://app.credport.test"), init);
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/api/")) requests.push(`${request.method} ${pathname}`);
    return env.fetch(input, init);
  };
  const starts = () => requests.filter((r) => r === "POST /api/credport/verifications").length;
  return { env, requests, starts, providerProps: { ...env.providerProps, fetch: recording } };
}

function renderGate(
  providerProps: ReturnType<typeof environment>["providerProps"],
  props: Partial<VerificationGateProps> = {},
) {
  return render(
    <StrictMode>
      <CredportProvider {...providerProps}>
        <VerificationGate policyId="preset_age_over_18" returnTo={false} {...props}>
          <p>Welcome back</p>
        </VerificationGate>
      </CredportProvider>
    </StrictMode>,
  );
}

it("a verified browser sees the children, and no verification is started", async () => {
  const { starts, requests, providerProps } = environment(true);
  renderGate(providerProps);
  await screen.findByText("Welcome back");
  // Give a start that would follow the session read every chance to happen.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(starts()).toBe(0);
  expect(requests).toContain("GET /api/credport/session");
  expect(screen.queryByRole("img", { name: "Scan with your wallet to verify" })).toBeNull();
});

it("a verified browser goes on to ?redirect_url= (else returnTo) once, without starting", async () => {
  window.history.replaceState(null, "", "/verify?redirect_url=%2Fmembers");
  const first = environment(true);
  const navigate = vi.fn();
  renderGate(first.providerProps, { returnTo: "/home", navigate });
  await waitFor(() => expect(navigate).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(navigate.mock.calls).toEqual([["/members"]]);
  expect(first.starts()).toBe(0);
  cleanup();

  window.history.replaceState(null, "", "/verify");
  const second = environment(true);
  const toHome = vi.fn();
  renderGate(second.providerProps, { returnTo: "/home", navigate: toHome });
  await waitFor(() => expect(toHome.mock.calls).toEqual([["/home"]]));
  expect(second.starts()).toBe(0);
});

it("a browser without a session: the gate reads the session first, then starts once", async () => {
  const { env, requests, starts, providerProps } = environment(false);
  renderGate(providerProps);
  await screen.findByRole("img", { name: "Scan with your wallet to verify" });
  expect(starts()).toBe(1);
  expect(requests.indexOf("GET /api/credport/session")).toBeLessThan(
    requests.indexOf("POST /api/credport/verifications"),
  );
  await act(() => env.present());
  await screen.findByText("Welcome back");
  expect(env.finalizedSessions()).toBe(1);
  expect(starts()).toBe(1);
});

it("without a session route (sessionMode manual) the gate starts at once, as before", async () => {
  const { starts, providerProps } = environment(true);
  renderGate({ ...providerProps, sessionMode: "manual", sessionUrl: undefined });
  await screen.findByRole("img", { name: "Scan with your wallet to verify" });
  expect(starts()).toBe(1);
});
