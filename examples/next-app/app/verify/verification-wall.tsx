"use client";
import { CredportProvider, useVerification, VerificationQRCode } from "@credport/react";
import { useRouter } from "next/navigation";

function Wall({ returnTo }: { returnTo: string }) {
  const router = useRouter();
  const v = useVerification({
    policyId: "preset_age_over_18",
    autoStart: true,
    // After the session is written, go back where the wall sent the visitor from.
    returnTo,
    navigate: router.replace,
  });
  return (
    <section>
      <p>
        Status: <output id="status">{v.status}</output>
      </p>
      {v.failureCode ? <p>Failed: {v.failureCode}</p> : null}
      {v.error ? <p role="alert">{v.error.code}</p> : null}
      {v.authorizationRequestUri && (v.status === "pending" || v.status === "in_progress") ? (
        <a id="wallet-link" href={v.authorizationRequestUri} style={{ color: "black" }}>
          <VerificationQRCode
            authorizationRequestUri={v.authorizationRequestUri}
            width={220}
            height={220}
          />
        </a>
      ) : null}
      {v.status === "failed" || v.status === "expired" || v.status === "error" ? (
        <button type="button" onClick={() => void v.retry()}>
          Try again
        </button>
      ) : null}
    </section>
  );
}

export function VerificationWall({
  publishableKey,
  baseUrl,
  returnTo,
}: {
  publishableKey: string;
  baseUrl: string;
  /** A path on this site, already checked on the server (safeRedirectPath). */
  returnTo: string;
}) {
  return (
    <CredportProvider
      publishableKey={publishableKey}
      baseUrl={baseUrl}
      endpoints={{ start: "/api/credport/verifications", session: "/api/credport/session" }}
    >
      <Wall returnTo={returnTo} />
    </CredportProvider>
  );
}
