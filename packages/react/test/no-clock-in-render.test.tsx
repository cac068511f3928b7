// @vitest-environment node
import { CredportProvider, useVerification, VerificationGate } from "@credport/react";
import { renderToString } from "react-dom/server";
import { afterEach, expect, it, vi } from "vitest";

afterEach(() => vi.restoreAllMocks());

const props = {
  publishableKey: `pk_test_${"a".repeat(24)}`,
  baseUrl: "https://api.credport.test",
  startUrl: "/s",
  sessionUrl: "/f",
};

function Countdown() {
  const v = useVerification({ policyId: "preset_age_over_18", autoStart: true });
  return <p>{v.timeRemainingMs ?? "…"}</p>;
}

// Next.js 16 with `cacheComponents` prerenders client components and fails `next build` when one
// reads the clock while rendering ("used `Date.now()` … in a Client Component").
it("rendering the hook and the gate never reads the clock", () => {
  const now = vi.spyOn(Date, "now");
  const html = renderToString(
    <CredportProvider {...props}>
      <Countdown />
      <VerificationGate policyId="preset_age_over_18" />
    </CredportProvider>,
  );
  expect(html).toContain("Preparing your verification");
  expect(now).not.toHaveBeenCalled();
});
