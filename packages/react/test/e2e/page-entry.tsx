// The React page of the real-browser test, bundled from the BUILT packages as an app ships them.
// `/`: a page of one's own on useVerification; `/components`: the ready-made components.
import {
  CredentialOfferQRCode,
  CredportProvider,
  useVerification,
  VerificationGate,
  VerificationQRCode,
} from "@credport/react";
import { createRoot } from "react-dom/client";

function AgeGate() {
  const v = useVerification({ policyId: "preset_age_over_18", autoStart: true });
  return (
    <main>
      <p id="status">{v.phase}</p>
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

function Components({ offer }: { offer: { offerUri: string; offerQrUri: string } }) {
  return (
    <main>
      <h1>Components</h1>
      <section aria-label="Verification">
        <VerificationGate policyId="preset_age_over_18" returnTo={false}>
          <p id="welcome">Welcome in.</p>
        </VerificationGate>
      </section>
      <section aria-label="Credential offer">
        <CredentialOfferQRCode offer={offer} width={200} height={200} />
      </section>
    </main>
  );
}

const config = (
  window as unknown as {
    credportConfig: {
      publishableKey: string;
      baseUrl: string;
      offer: { offerUri: string; offerQrUri: string };
    };
  }
).credportConfig;
createRoot(document.getElementById("root")!).render(
  <CredportProvider
    publishableKey={config.publishableKey}
    baseUrl={config.baseUrl}
    startUrl="/api/credport/verifications"
    sessionUrl="/api/credport/session"
  >
    {location.pathname === "/components" ? <Components offer={config.offer} /> : <AgeGate />}
  </CredportProvider>,
);
