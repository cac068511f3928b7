"use client";
import {
  CredportProvider,
  useVerification,
  VerificationGate,
  VerificationQRCode,
} from "@credport/react";

function Wall() {
  const v = useVerification({ policyId: "preset_age_over_18" });
  return v.authorizationRequestUri ? (
    <VerificationQRCode authorizationRequestUri={v.authorizationRequestUri} />
  ) : (
    <p>
      {v.phase} {v.timeRemainingMs}
    </p>
  );
}

export default function Verify() {
  return (
    <CredportProvider
      publishableKey="pk_test_000000000000000000000000"
      baseUrl="https://api.example.test"
      startUrl="/api/credport/verifications"
      sessionUrl="/api/credport/session"
    >
      <Wall />
      <VerificationGate policyId="preset_age_over_18" />
    </CredportProvider>
  );
}
