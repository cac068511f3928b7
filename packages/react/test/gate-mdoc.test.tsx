// mdoc-verified verifications (ISO/IEC 18013-5: what Apple, Google and EU age-verification
// wallets hold) through the React surfaces: `preset_age_over_18` accepts an mdoc of the EU age
// attestation, whose claims are namespaced (`{ "eu.europa.ec.av.1": { age_over_18: true } }`).
// The hooks and the gate expose the outcome, never the claims (they stay on the server): these
// tests prove both, with the testing entry's `presentMdoc`.
import {
  CredportProvider,
  type FailureCode,
  type FlowPhase,
  type UseVerificationResult,
  useVerification,
  VerificationGate,
} from "@credport/react";
import { createCredportTestEnvironment } from "@credport/react/testing";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";

const AV = "eu.europa.ec.av.1";

/** The last result `useVerification` rendered with, read by the test. */
const probed: { current: UseVerificationResult | undefined } = { current: undefined };
function Probe() {
  probed.current = useVerification({
    policyId: "preset_age_over_18",
    autoStart: true,
    returnTo: false,
  });
  return <output>{probed.current.phase}</output>;
}

afterEach(() => {
  probed.current = undefined;
  cleanup();
  vi.unstubAllGlobals();
});

describe("mdoc-verified verifications in React", () => {
  it("<VerificationGate> opens on an mdoc of the EU age attestation; the namespaced claims stay on the server", async () => {
    const env = createCredportTestEnvironment();
    const onVerified = vi.fn();
    const view = render(
      <CredportProvider {...env.providerProps}>
        <VerificationGate policyId="preset_age_over_18" navigate={() => {}} onVerified={onVerified}>
          <p>Welcome in</p>
        </VerificationGate>
      </CredportProvider>,
    );
    await waitFor(() => expect(env.latestVerification()).toBeDefined());
    await act(() => env.presentMdoc());
    await screen.findByText("Welcome in");
    expect(env.finalizedSessions()).toBe(1);
    // The service's result keeps the namespace…
    const record = env.model.verifications.findForProtocol(env.latestVerification()!.id)!;
    expect(record.status).toBe("verified");
    expect(record.claims).toEqual({ [AV]: { age_over_18: true } });
    // …and nothing of it reaches the page or the callback.
    expect(view.container.innerHTML).not.toContain(AV);
    expect(onVerified).toHaveBeenCalledTimes(1);
    const state = onVerified.mock.calls[0]![0] as Record<string, unknown>;
    expect(state.phase).toBe("verified");
    expect(state).not.toHaveProperty("claims");
    expect(JSON.stringify(state)).not.toContain(AV);
  });

  it("an mdoc with age_over_18: false fails claims_not_satisfied, with the readable text", async () => {
    const env = createCredportTestEnvironment();
    render(
      <CredportProvider {...env.providerProps}>
        <VerificationGate policyId="preset_age_over_18" navigate={() => {}}>
          <p>Welcome in</p>
        </VerificationGate>
      </CredportProvider>,
    );
    await waitFor(() => expect(env.latestVerification()).toBeDefined());
    await act(() => env.presentMdoc({ [AV]: { age_over_18: false } }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(
        "Your credential does not meet the requirements of this check.",
      ),
    );
    expect(screen.queryByText("Welcome in")).toBeNull();
  });

  it("useVerification reaches verified on an mdoc; its result is typed without any and has no claims", async () => {
    const env = createCredportTestEnvironment();
    render(
      <CredportProvider {...env.providerProps}>
        <Probe />
      </CredportProvider>,
    );
    await waitFor(() => expect(env.latestVerification()).toBeDefined());
    await act(() => env.presentMdoc());
    await waitFor(() => expect(probed.current?.phase).toBe("verified"));
    expect(probed.current?.failureCode).toBeUndefined();
    expect(probed.current).not.toHaveProperty("claims");
    // Typed members (an `any` would match every type: `toEqualTypeOf` refuses it).
    expectTypeOf<UseVerificationResult["phase"]>().toEqualTypeOf<FlowPhase>();
    expectTypeOf<UseVerificationResult["failureCode"]>().toEqualTypeOf<FailureCode | undefined>();
    expectTypeOf<UseVerificationResult>().not.toHaveProperty("claims");
    expectTypeOf<UseVerificationResult>().not.toBeAny();
  });
});
