import { CredportProvider, VerificationGate } from "@credport/react";
import { createCredportTestEnvironment } from "@credport/react/testing";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const FIX = "credport/next: no base URL. Pass { baseUrl } or set CREDPORT_BASE_URL.";

/** A gate whose start route answers as @credport/next's does when it is not configured. */
function renderMisconfigured() {
  const env = createCredportTestEnvironment();
  const broken: typeof fetch = async (input, init) =>
    String(input).endsWith("/api/credport/verifications")
      ? Response.json({ code: "configuration_error", message: FIX }, { status: 500 })
      : env.fetch(input, init);
  return render(
    <CredportProvider {...env.providerProps} fetch={broken}>
      <VerificationGate policyId="preset_age_over_18" navigate={() => {}} />
    </CredportProvider>,
  );
}

describe("<VerificationGate> errors", () => {
  it("in development: the backend's message that names the fix, besides the code", async () => {
    vi.stubEnv("NODE_ENV", "development");
    const view = renderMisconfigured();
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "Something went wrong. (configuration_error)",
      ),
    );
    const detail = view.container.querySelector(".credport-gate-error-message");
    expect(detail?.textContent).toBe(FIX);
  });

  it("in production: the readable text and the code, never the message", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const view = renderMisconfigured();
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "Something went wrong. (configuration_error)",
      ),
    );
    expect(view.container.textContent).not.toContain("CREDPORT_BASE_URL");
    expect(view.container.querySelector(".credport-gate-error-message")).toBeNull();
  });
});

describe("<VerificationGate> on a start refused for too many attempts", () => {
  it("says to wait, not that something went wrong (the 429 of @credport/next's rate limit)", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const env = createCredportTestEnvironment();
    const limited: typeof fetch = async (input, init) =>
      String(input).endsWith("/api/credport/verifications")
        ? Response.json(
            { code: "rate_limited", message: "Too many verifications started." },
            { status: 429, headers: { "retry-after": "42" } },
          )
        : env.fetch(input, init);
    render(
      <CredportProvider {...env.providerProps} fetch={limited}>
        <VerificationGate policyId="preset_age_over_18" navigate={() => {}} />
      </CredportProvider>,
    );
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "Too many attempts: wait a minute, then try again. (rate_limited)",
      ),
    );
  });
});

describe("<VerificationGate> links", () => {
  it("the wallet link and the test wallet link are separate items, not one run of text", async () => {
    const env = createCredportTestEnvironment();
    const withLink: typeof fetch = async (input, init) => {
      const answer = await env.fetch(input, init);
      if (!String(input).endsWith("/api/credport/verifications")) return answer;
      const body = (await answer.json()) as { authorizationRequestUri: string };
      return Response.json({ ...body, testWalletUrl: "http://127.0.0.1:4010/wallet?uri=x" });
    };
    const view = render(
      <CredportProvider {...env.providerProps} fetch={withLink}>
        <VerificationGate policyId="preset_age_over_18" navigate={() => {}} />
      </CredportProvider>,
    );
    const test = await screen.findByRole("link", { name: "Open in test wallet" });
    const wallet = screen.getByRole("link", { name: "Open your wallet" });
    expect(wallet.parentElement).not.toBe(test.parentElement);
    expect(wallet.parentElement?.tagName).toBe("LI");
    expect(test.parentElement?.tagName).toBe("LI");
    expect(view.container.querySelector(".credport-gate-links")?.tagName).toBe("UL");
  });
});
