// The React page of the real-browser test, bundled from the BUILT packages as an app ships them.
import { CredportProvider, useVerification, VerificationQRCode } from "@credport/react";
import { createRoot } from "react-dom/client";

function AgeGate() {
  const v = useVerification({ policyId: "preset_age_over_18", autoStart: true });
  return (
    <main>
      <p id="status">{v.status}</p>
      {v.authorizationRequestUri ? (
        <a id="wallet-link" href={v.authorizationRequestUri}>
          <VerificationQRCode
            authorizationRequestUri={v.authorizationRequestUri}
            width={200}
            height={200}
          />
        </a>
      ) : null}
    </main>
  );
}

const config = (
  window as unknown as { credportConfig: { publishableKey: string; baseUrl: string } }
).credportConfig;
createRoot(document.getElementById("root")!).render(
  <CredportProvider
    {...config}
    endpoints={{ start: "/api/credport/start", session: "/api/credport/session" }}
  >
    <AgeGate />
  </CredportProvider>,
);
