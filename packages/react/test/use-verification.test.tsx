import { CredportProvider, useVerification, VerificationQRCode } from "@credport/react";
import {
  type CredportTestEnvironment,
  createCredportTestEnvironment,
} from "@credport/react/testing";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(cleanup);

function VerifyAge(props: {
  autoStart?: boolean;
  policyId?: string;
  onVerified?: () => void;
  onFailed?: () => void;
  onExpired?: () => void;
}) {
  const v = useVerification({ policyId: props.policyId ?? "preset_age_over_18", ...props });
  return (
    <div>
      <p data-testid="status">{v.phase}</p>
      {v.failureCode ? <p data-testid="failure">{v.failureCode}</p> : null}
      {v.error ? <p data-testid="error">{v.error.code}</p> : null}
      {v.timeRemainingMs !== undefined ? (
        <p data-testid="remaining">{Math.round(v.timeRemainingMs / 60000)}</p>
      ) : null}
      {v.authorizationRequestUri ? (
        <VerificationQRCode authorizationRequestUri={v.authorizationRequestUri} className="qr" />
      ) : null}
      <button type="button" onClick={() => void v.start().catch(() => {})}>
        start
      </button>
      <button type="button" onClick={() => void v.retry()}>
        retry
      </button>
      <button type="button" onClick={v.reset}>
        reset
      </button>
    </div>
  );
}

/** Records every status it renders with. */
function Recorder({ seen }: { seen: string[] }) {
  const v = useVerification({ policyId: "preset_age_over_18", autoStart: true });
  if (seen.at(-1) !== v.phase) seen.push(v.phase);
  return <p data-testid="status">{v.phase}</p>;
}

function renderWith(env: CredportTestEnvironment, ui: React.ReactNode, strict = false) {
  const tree = <CredportProvider {...env.providerProps}>{ui}</CredportProvider>;
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}
const status = () => screen.getByTestId("status").textContent;

describe("useVerification", () => {
  it("idle → pending (QR shown, time remaining) → verified with the session finalized; onVerified once", async () => {
    const env = createCredportTestEnvironment();
    const onVerified = vi.fn();
    renderWith(env, <VerifyAge onVerified={onVerified} />);
    expect(status()).toBe("idle");
    fireEvent.click(screen.getByText("start"));
    await waitFor(() => expect(status()).toBe("pending"));
    expect(screen.getByRole("img", { name: "Scan with your wallet to verify" })).toHaveProperty(
      "tagName",
      "svg",
    );
    expect(screen.getByTestId("remaining").textContent).toBe("15");
    await act(() => env.present());
    await waitFor(() => expect(status()).toBe("verified"));
    expect(onVerified).toHaveBeenCalledTimes(1);
    expect(env.finalizedSessions()).toBe(1);
  });

  it("failed carries the failure code; onFailed once", async () => {
    const env = createCredportTestEnvironment();
    const onFailed = vi.fn();
    renderWith(env, <VerifyAge onFailed={onFailed} autoStart />);
    await waitFor(() => expect(status()).toBe("pending"));
    await act(() => env.present({ omit: ["age_over_18"] }));
    await waitFor(() => expect(status()).toBe("failed"));
    expect(screen.getByTestId("failure").textContent).toBe("claims_missing");
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it("expired when the verification's time runs out; onExpired once; retry starts a new one", async () => {
    const env = createCredportTestEnvironment();
    const onExpired = vi.fn();
    renderWith(env, <VerifyAge onExpired={onExpired} autoStart />);
    await waitFor(() => expect(status()).toBe("pending"));
    const first = env.latestVerification()!.id;
    act(() => void env.model.clock.advance(15 * 60 * 1000 + 1));
    await waitFor(() => expect(status()).toBe("expired"));
    expect(onExpired).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText("retry"));
    await waitFor(() => expect(env.latestVerification()!.id).not.toBe(first));
    await waitFor(() => expect(status()).toBe("pending"));
  });

  it("error when the backend refuses the start (unknown policy); reset goes back to idle", async () => {
    const env = createCredportTestEnvironment();
    renderWith(env, <VerifyAge policyId="pol_unknown" />);
    fireEvent.click(screen.getByText("start"));
    await waitFor(() => expect(status()).toBe("error"));
    expect(screen.getByTestId("error").textContent).toBe("invalid_policy");
    fireEvent.click(screen.getByText("reset"));
    await waitFor(() => expect(status()).toBe("idle"));
  });

  it("under Strict Mode: one verification, one status connection, callbacks once", async () => {
    const env = createCredportTestEnvironment();
    const onVerified = vi.fn();
    renderWith(env, <VerifyAge autoStart onVerified={onVerified} />, true);
    await waitFor(() => expect(status()).toBe("pending"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(env.model.verifications.records).toHaveLength(1);
    expect(env.model.requestLog.filter((r) => r.path.endsWith("/events"))).toHaveLength(1);
    await act(() => env.present());
    await waitFor(() => expect(status()).toBe("verified"));
    expect(onVerified).toHaveBeenCalledTimes(1);
    expect(env.finalizedSessions()).toBe(1);
  });

  it("in_progress while the wallet answers, finalizing while the session is written", async () => {
    const env = createCredportTestEnvironment();
    const seen: string[] = [];
    renderWith(env, <Recorder seen={seen} />);
    await waitFor(() => expect(status()).toBe("pending"));
    const id = env.latestVerification()!.id;
    act(() => void env.model.verifications.applyTrigger(id, "request_fetched"));
    await waitFor(() => expect(status()).toBe("in_progress"));
    act(
      () =>
        void env.model.verifications.applyTrigger(id, "presentation_verified", {
          claims: { age_over_18: true },
        }),
    );
    await waitFor(() => expect(status()).toBe("verified"));
    expect(seen).toEqual(["idle", "starting", "pending", "in_progress", "finalizing", "verified"]);
  });

  it("canceled when the verification is canceled on the server", async () => {
    const env = createCredportTestEnvironment();
    renderWith(env, <VerifyAge autoStart />);
    await waitFor(() => expect(status()).toBe("pending"));
    act(() => void env.model.verifications.applyTrigger(env.latestVerification()!.id, "cancel"));
    await waitFor(() => expect(status()).toBe("canceled"));
  });

  it("expired when the expiry passes: the final read at the deadline finds it expired; onExpired once", async () => {
    const env = createCredportTestEnvironment();
    const onExpired = vi.fn();
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
      shouldAdvanceTime: true,
    });
    try {
      renderWith(env, <VerifyAge autoStart onExpired={onExpired} />);
      await waitFor(() => expect(status()).toBe("pending"));
      await act(() => vi.advanceTimersByTimeAsync(15 * 60 * 1000 + 1000));
      await waitFor(() => expect(status()).toBe("expired"));
      expect(onExpired).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("unmounting stops following the verification", async () => {
    const env = createCredportTestEnvironment();
    const view = renderWith(env, <VerifyAge autoStart />);
    await waitFor(() => expect(status()).toBe("pending"));
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const count = env.model.requestLog.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(env.model.requestLog.length).toBe(count);
  });
});
