// The gate alone, for the Digital Credentials API test in Chromium; bundled from the BUILT packages.
import { CredportProvider, VerificationGate } from "@credport/react";
import { createRoot } from "react-dom/client";

const config = (
  window as unknown as { credportConfig: { publishableKey: string; baseUrl: string } }
).credportConfig;
createRoot(document.getElementById("root")!).render(
  <CredportProvider
    publishableKey={config.publishableKey}
    baseUrl={config.baseUrl}
    startUrl="/api/credport/verifications"
    sessionUrl="/api/credport/session"
  >
    <VerificationGate policyId="preset_age_over_18" returnTo={false}>
      <p id="welcome">Welcome in.</p>
    </VerificationGate>
  </CredportProvider>,
);
