// @vitest-environment node
import { CredportProvider, useVerification } from "@credport/react";
import { renderToString } from "react-dom/server";
import { expect, it } from "vitest";

function Wall() {
  const v = useVerification({ policyId: "preset_age_over_18", autoStart: true });
  return <p>status: {v.status}</p>;
}

it("renders on the server without window, in the idle state", () => {
  expect(typeof window).toBe("undefined");
  const html = renderToString(
    <CredportProvider
      publishableKey={`pk_test_${"a".repeat(24)}`}
      baseUrl="https://api.credport.test"
      endpoints={{ start: "/s", session: "/f" }}
    >
      <Wall />
    </CredportProvider>,
  );
  expect(html).toContain("status: <!-- -->idle");
});
