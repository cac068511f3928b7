// @vitest-environment node
import { CredportProvider, useVerification } from "@credport/react";
import { renderToString } from "react-dom/server";
import { expect, it } from "vitest";

function Wall() {
  const v = useVerification({ policyId: "preset_age_over_18", autoStart: true });
  return <p>status: {v.phase}</p>;
}

it("renders on the server without window, in the idle state", () => {
  expect(typeof window).toBe("undefined");
  const html = renderToString(
    <CredportProvider
      publishableKey={`pk_test_${"a".repeat(24)}`}
      baseUrl="https://api.credport.test"
      startUrl="/s"
      sessionUrl="/f"
    >
      <Wall />
    </CredportProvider>,
  );
  expect(html).toContain("status: <!-- -->idle");
});

it("a missing publishable key or base URL fails at once, naming what to set", () => {
  const render = (publishableKey: string | undefined, baseUrl: string | undefined) => () =>
    renderToString(
      <CredportProvider
        publishableKey={publishableKey}
        baseUrl={baseUrl}
        startUrl="/s"
        sessionUrl="/f"
      >
        <Wall />
      </CredportProvider>,
    );
  expect(render(undefined, "https://api.credport.test")).toThrow(
    expect.objectContaining({
      type: "configuration_error",
      code: "missing_api_key",
      message: expect.stringContaining("NEXT_PUBLIC_CREDPORT_PUBLISHABLE_KEY"),
    }),
  );
  expect(render(`pk_test_${"a".repeat(24)}`, "")).toThrow(
    expect.objectContaining({
      code: "missing_base_url",
      message: expect.stringContaining("NEXT_PUBLIC_CREDPORT_BASE_URL"),
    }),
  );
});

it("a hook outside <CredportProvider> is a configuration error naming the fix", () => {
  expect(() => renderToString(<Wall />)).toThrow(
    expect.objectContaining({
      type: "configuration_error",
      code: "missing_provider",
      message: expect.stringContaining("inside <CredportProvider>"),
    }),
  );
});
