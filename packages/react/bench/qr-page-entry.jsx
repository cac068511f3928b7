// The page of the QR figure (qr-page.bench.mjs), bundled from the BUILT packages as an app ships
// them: useVerification starts a verification on load and shows its QR code.
import { CredportProvider, useVerification, VerificationQRCode } from "@credport/react";
import { createRoot } from "react-dom/client";

function Verify() {
  const v = useVerification({ policyId: "preset_age_over_18", autoStart: true });
  return v.authorizationRequestUri ? (
    <VerificationQRCode
      authorizationRequestUri={v.authorizationRequestUri}
      width={200}
      height={200}
    />
  ) : (
    <p>{v.phase}</p>
  );
}

const config = window.credportConfig;
createRoot(document.getElementById("root")).render(
  <CredportProvider
    publishableKey={config.publishableKey}
    baseUrl={config.baseUrl}
    startUrl="/api/credport/verifications"
    sessionUrl="/api/credport/session"
  >
    <Verify />
  </CredportProvider>,
);
