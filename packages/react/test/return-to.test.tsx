import { CredportProvider, useVerification } from "@credport/react";
import {
  type CredportTestEnvironment,
  createCredportTestEnvironment,
} from "@credport/react/testing";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";

afterEach(() => {
  cleanup();
  window.history.replaceState(null, "", "/");
});

function Verify(props: { returnTo?: string | false; navigate: (path: string) => void }) {
  const v = useVerification({ policyId: "preset_age_over_18", autoStart: true, ...props });
  return <p data-testid="status">{v.phase}</p>;
}

async function verifyOn(url: string, props: Parameters<typeof Verify>[0]) {
  window.history.replaceState(null, "", url);
  const env: CredportTestEnvironment = createCredportTestEnvironment();
  render(
    <CredportProvider {...env.providerProps}>
      <Verify {...props} />
    </CredportProvider>,
  );
  await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("pending"));
  await act(() => env.present());
  await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("verified"));
  // The navigation runs in the effect after the verified render.
  await new Promise((resolve) => setTimeout(resolve, 10));
  return env;
}

it("once verified (session written), goes to the middleware's ?redirect_url=, once", async () => {
  const navigate = vi.fn();
  const env = await verifyOn("/verify?redirect_url=%2Fmembers%3Ftab%3D1", { navigate });
  expect(env.finalizedSessions()).toBe(1);
  expect(navigate.mock.calls).toEqual([["/members?tab=1"]]);
});

it("without ?redirect_url= goes to returnTo, and stays put without either", async () => {
  const toFallback = vi.fn();
  await verifyOn("/verify", { navigate: toFallback, returnTo: "/welcome" });
  expect(toFallback.mock.calls).toEqual([["/welcome"]]);
  cleanup();
  const stay = vi.fn();
  await verifyOn("/verify", { navigate: stay });
  expect(stay).not.toHaveBeenCalled();
});

it.each(["//evil.example", "/\\evil.example", "/..//evil.example", "https://evil.example/members"])(
  "refuses ?redirect_url=%s (no open redirect) and uses returnTo instead",
  async (target) => {
    const navigate = vi.fn();
    await verifyOn(`/verify?redirect_url=${encodeURIComponent(target)}`, {
      navigate,
      returnTo: "/home",
    });
    expect(navigate.mock.calls).toEqual([["/home"]]);
  },
);

it("returnTo={false} stays on the page even with ?redirect_url=", async () => {
  const navigate = vi.fn();
  await verifyOn("/verify?redirect_url=%2Fmembers", { navigate, returnTo: false });
  expect(navigate).not.toHaveBeenCalled();
});
