import { CredportProvider, useSignOut, useVerification, useVerifiedSession } from "@credport/react";
import { createCredportTestEnvironment } from "@credport/react/testing";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Header() {
  const { phase } = useVerifiedSession();
  const { signOut } = useSignOut({ redirectTo: "/" });
  return (
    <header>
      <p data-testid="session">{phase}</p>
      {phase === "verified" ? (
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      ) : null}
    </header>
  );
}

function Verify() {
  const v = useVerification({ policyId: "preset_age_over_18", autoStart: true, returnTo: false });
  return <p data-testid="flow">{v.phase}</p>;
}

function Probe(props: { fetch?: typeof fetch; seen?: { refresh?: () => Promise<void> } }) {
  const s = useVerifiedSession({ fetch: props.fetch });
  if (props.seen) props.seen.refresh = s.refresh;
  return <p data-testid="session">{s.phase}</p>;
}

const session = () => screen.getByTestId("session").textContent;

describe("useVerifiedSession", () => {
  it("renders loading on the server (no request), then unverified without a session", async () => {
    const env = createCredportTestEnvironment();
    const ui = (
      <CredportProvider {...env.providerProps}>
        <Header />
      </CredportProvider>
    );
    expect(renderToString(ui)).toContain("loading");
    render(ui);
    expect(session()).toBe("loading");
    await waitFor(() => expect(session()).toBe("unverified"));
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
  });

  it("turns verified when a verification in the same app finalizes, and back after sign-out", async () => {
    const replace = vi.fn();
    vi.stubGlobal("location", { ...window.location, replace });
    const env = createCredportTestEnvironment();
    render(
      <CredportProvider {...env.providerProps}>
        <Header />
        <Verify />
      </CredportProvider>,
    );
    await waitFor(() => expect(session()).toBe("unverified"));
    await waitFor(() => expect(env.latestVerification()).toBeDefined());
    await waitFor(() => expect(screen.getByTestId("flow").textContent).toBe("pending"));
    await act(() => env.present());
    await waitFor(() => expect(screen.getByTestId("flow").textContent).toBe("verified"));
    await waitFor(() => expect(session()).toBe("verified"));
    expect(env.finalizedSessions()).toBe(1);

    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/"));
    expect(session()).toBe("unverified");
  });

  it("reads an existing session on mount, and refresh() reads it again", async () => {
    const env = createCredportTestEnvironment();
    env.setSession(true);
    const seen: { refresh?: () => Promise<void> } = {};
    render(
      <CredportProvider {...env.providerProps}>
        <Probe seen={seen} />
      </CredportProvider>,
    );
    await waitFor(() => expect(session()).toBe("verified"));
    env.setSession(false);
    await act(() => seen.refresh!());
    expect(session()).toBe("unverified");
  });

  it("reads again when the page comes back from the back/forward cache", async () => {
    const env = createCredportTestEnvironment();
    env.setSession(true);
    render(
      <CredportProvider {...env.providerProps}>
        <Probe />
      </CredportProvider>,
    );
    await waitFor(() => expect(session()).toBe("verified"));
    env.setSession(false); // signed out in another page meanwhile
    act(() => {
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    });
    await waitFor(() => expect(session()).toBe("unverified"));
  });

  it("is unverified when the backend has no session route to ask (404)", async () => {
    const fetch = vi.fn(async () => Response.json({ code: "route_not_found" }, { status: 404 }));
    render(<Probe fetch={fetch} />);
    await waitFor(() => expect(session()).toBe("unverified"));
    expect(fetch).toHaveBeenCalledWith(
      "/api/credport/session",
      expect.objectContaining({ method: "GET", cache: "no-store" }),
    );
  });
});
