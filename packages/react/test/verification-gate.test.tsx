import { createTestWallet } from "@credport/mock/wallet";
import { CredportProvider, VerificationGate, type VerificationGateProps } from "@credport/react";
import {
  type CredportTestEnvironment,
  createCredportTestEnvironment,
} from "@credport/react/testing";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderGate(props: Partial<VerificationGateProps> = {}, children?: React.ReactNode) {
  const env = createCredportTestEnvironment();
  const view = render(
    <CredportProvider {...env.providerProps}>
      <VerificationGate policyId="preset_age_over_18" navigate={() => {}} {...props}>
        {children}
      </VerificationGate>
    </CredportProvider>,
  );
  return { env, view };
}

const status = () => screen.getByRole("status");
const root = (view: ReturnType<typeof render>) =>
  view.container.querySelector(".credport-gate") as HTMLElement;
async function pending(env: CredportTestEnvironment) {
  await waitFor(() => expect(env.latestVerification()).toBeDefined());
  await screen.findByRole("img", { name: "Scan with your wallet to verify" });
}

describe("<VerificationGate>", () => {
  it("starts on mount: QR code, wallet link, live status and countdown; then the children once verified", async () => {
    const { env } = renderGate({}, <p>Welcome in</p>);
    expect(status().textContent).toBe("Preparing your verification…");
    await pending(env);
    expect(status().textContent).toBe("Scan the QR code with your wallet app.");
    expect(screen.getByRole("link", { name: "Open your wallet" }).getAttribute("href")).toBe(
      env.latestVerification()!.authorizationRequestUri,
    );
    await waitFor(() =>
      expect(screen.getByRole("timer").textContent).toMatch(/^Expires in 1[45]:\d\d$/),
    );
    await act(() => env.present());
    await screen.findByText("Welcome in");
    expect(screen.queryByRole("status")).toBeNull();
    expect(env.finalizedSessions()).toBe(1);
  });

  it.each([
    [
      { omit: ["age_over_18"] },
      "claims_missing",
      "Your wallet did not share everything that was asked for.",
    ],
    [{ refuse: true }, "wallet_rejected", "The request was declined in your wallet."],
    [
      { tamper: "nonce" as const },
      "presentation_invalid",
      "Your wallet's answer could not be checked.",
    ],
  ])(
    "failed (%j) → readable text for %s, and retry starts a new verification",
    async (how, _code, text) => {
      const { env, view } = renderGate();
      await pending(env);
      const first = env.latestVerification()!.id;
      await act(() => env.present(how));
      await waitFor(() => expect(status().textContent).toBe(text));
      expect(root(view).dataset.phase).toBe("failed");
      expect(screen.queryByRole("img")).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
      await waitFor(() => expect(env.latestVerification()!.id).not.toBe(first));
      await screen.findByRole("img", { name: "Scan with your wallet to verify" });
    },
  );

  it("a holder under 18 (born 15 years ago) → readable text for claims_not_satisfied", async () => {
    const { env, view } = renderGate();
    await pending(env);
    const birthdate = new Date(env.model.clock.now() - 15 * 365.25 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const wallet = await createTestWallet({
      fetch: env.fetch,
      now: () => env.model.clock.now(),
      identity: { birthdate },
    });
    await act(() => wallet.present(env.latestVerification()!.authorizationRequestUri));
    await waitFor(() =>
      expect(status().textContent).toBe(
        "Your credential does not meet the requirements of this check.",
      ),
    );
    expect(root(view).dataset.phase).toBe("failed");
    expect(env.finalizedSessions()).toBe(0);
  });

  it("expired and canceled each say so and offer a retry", async () => {
    const { env, view } = renderGate();
    await pending(env);
    act(() => void env.model.clock.advance(15 * 60 * 1000 + 1));
    await waitFor(() => expect(status().textContent).toBe("This request has expired."));
    expect(root(view).dataset.phase).toBe("expired");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(root(view).dataset.phase).toBe("pending"));
    act(() => void env.model.verifications.applyTrigger(env.latestVerification()!.id, "cancel"));
    await waitFor(() => expect(status().textContent).toBe("This verification was canceled."));
    screen.getByRole("button", { name: "Try again" });
  });

  it("in_progress hides the QR code and points to the wallet", async () => {
    const { env } = renderGate();
    await pending(env);
    act(
      () =>
        void env.model.verifications.applyTrigger(env.latestVerification()!.id, "request_fetched"),
    );
    await waitFor(() => expect(status().textContent).toBe("Continue in your wallet app…"));
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByRole("timer")).toBeDefined();
  });

  it("error shows the code and retries; texts can be replaced", async () => {
    const { view } = renderGate({
      policyId: "pol_unknown",
      messages: { error: "Oups.", retry: "Encore" },
    });
    await waitFor(() => expect(status().textContent).toBe("Oups. (invalid_policy)"));
    expect(root(view).dataset.phase).toBe("error");
    screen.getByRole("button", { name: "Encore" });
  });

  it("a countdown in m:ss that ticks each second and ends at the expiry", async () => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
      shouldAdvanceTime: true,
    });
    const { env } = renderGate();
    await pending(env);
    const timer = () => screen.getByRole("timer").textContent;
    await waitFor(() => expect(timer()).toMatch(/^Expires in 1[45]:\d\d$/));
    const before = timer();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const after = timer();
    const seconds = (text: string | null) => {
      const [m, s] = text!.replace("Expires in ", "").split(":").map(Number);
      return m! * 60 + s!;
    };
    expect(seconds(before) - seconds(after)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(15 * 60 * 1000));
    await waitFor(() => expect(status().textContent).toBe("This request has expired."));
    expect(screen.queryByRole("timer")).toBeNull();
  });

  it("on a phone: the wallet link first, the QR code one tap away", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("coarse") }));
    const { env } = renderGate();
    await screen.findByRole("link", { name: "Open your wallet" });
    await waitFor(() =>
      expect(status().textContent).toBe("Open your wallet app to share your credential."),
    );
    expect(screen.queryByRole("img")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Use a wallet on another device" }));
    await screen.findByRole("img", { name: "Scan with your wallet to verify" });
    expect(env.latestVerification()).toBeDefined();
  });

  it('in a test environment: an "Open in test wallet" link while pending, and none after', async () => {
    const env = createCredportTestEnvironment();
    // The start route passes on the emulator's test_wallet_url, as @credport/next's does.
    const walletPage = (uri: string) =>
      `http://127.0.0.1:4010/wallet?uri=${encodeURIComponent(uri)}`;
    const withLink: typeof fetch = async (input, init) => {
      const answer = await env.fetch(input, init);
      if (!String(input).endsWith("/api/credport/verifications")) return answer;
      const body = (await answer.json()) as { authorizationRequestUri: string };
      return Response.json({ ...body, testWalletUrl: walletPage(body.authorizationRequestUri) });
    };
    render(
      <CredportProvider {...env.providerProps} fetch={withLink}>
        <VerificationGate policyId="preset_age_over_18" navigate={() => {}} />
      </CredportProvider>,
    );
    const link = await screen.findByRole("link", { name: "Open in test wallet" });
    expect(link.getAttribute("href")).toBe(
      walletPage(env.latestVerification()!.authorizationRequestUri),
    );
    expect(link.className).toBe("credport-gate-test-wallet-link");
    await act(() => env.present({ refuse: true }));
    await waitFor(() =>
      expect(status().textContent).toBe("The request was declined in your wallet."),
    );
    expect(screen.queryByRole("link", { name: "Open in test wallet" })).toBeNull();
  });

  it("without a test wallet link (live keys, msw) there is no such link", async () => {
    const { env } = renderGate();
    await pending(env);
    expect(screen.queryByRole("link", { name: "Open in test wallet" })).toBeNull();
  });

  it("brings no styles: classes and data-phase only", async () => {
    const { env, view } = renderGate({ className: "mine" });
    await pending(env);
    expect(root(view).className).toBe("credport-gate mine");
    expect(view.container.querySelectorAll("[style]")).toHaveLength(0);
    expect(view.container.querySelectorAll("style")).toHaveLength(0);
  });
});
