import { CredportProvider, VerificationGate } from "@credport/react";
import "@credport/react/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

// server.js wrote the publishable key and the service URL here: nothing of the project is bundled.
const root = document.getElementById("root")!;
const { publishableKey, baseUrl } = root.dataset;

createRoot(root).render(
  <StrictMode>
    <CredportProvider
      publishableKey={publishableKey}
      baseUrl={baseUrl}
      startUrl="/api/credport/verifications"
      sessionUrl="/api/credport/session"
    >
      {/* Once verified: back to ?redirect_url= (a path on this site), else /members. */}
      <VerificationGate policyId="preset_age_over_18" returnTo="/members" />
    </CredportProvider>
  </StrictMode>,
);
