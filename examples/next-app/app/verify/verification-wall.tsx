"use client";
import { CredportProvider, useVerification, VerificationQRCode } from "@credport/react";
import { useRouter } from "next/navigation";

/** `dcApi` states in which the browser's own wallet can be asked (again). */
const DEVICE_WALLET = ["ready", "declined", "wallet_error", "aborted", "failed"];

function Wall({ returnTo }: { returnTo: string }) {
  const router = useRouter();
  const v = useVerification({
    policyId: "preset_age_over_18",
    autoStart: true,
    // After the session is written, go back where the wall sent the visitor from.
    returnTo,
    navigate: router.replace,
  });
  const open = v.phase === "pending" || v.phase === "in_progress";
  return (
    <section className="card">
      <p className="status-line">
        Status: <output id="status">{v.phase}</output>
      </p>
      {v.failureCode ? (
        <p id="failure" className="notice">
          Failed: {v.failureCode}
        </p>
      ) : null}
      {v.error ? (
        <p role="alert" className="notice">
          {v.error.code}
        </p>
      ) : null}
      {open && v.dcApi && DEVICE_WALLET.includes(v.dcApi) ? (
        // The Digital Credentials API: present() runs in the click itself (its activation).
        <button
          type="button"
          className="device-wallet"
          data-credport-device-wallet
          onClick={() => void v.present().catch(() => {})}
        >
          Use a wallet on this device
        </button>
      ) : null}
      {v.authorizationRequestUri && open ? (
        <div className="handoff">
          <VerificationQRCode
            authorizationRequestUri={v.authorizationRequestUri}
            // Only against the emulator with test keys: "Open in test wallet", no phone needed.
            testWalletUrl={v.testWalletUrl}
            testWalletLinkClassName="test-wallet-link"
            width={220}
            height={220}
          />
          <a id="wallet-link" className="wallet-link" href={v.authorizationRequestUri}>
            Open your wallet
          </a>
        </div>
      ) : null}
      {v.phase === "failed" || v.phase === "expired" || v.phase === "error" ? (
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
      startUrl="/api/credport/verifications"
      sessionUrl="/api/credport/session"
    >
      <Wall returnTo={returnTo} />
    </CredportProvider>
  );
}
