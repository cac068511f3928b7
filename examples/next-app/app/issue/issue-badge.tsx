"use client";
import { CredentialOfferQRCode } from "@credport/react";
import { useEffect, useState } from "react";

interface Offer {
  id: string;
  status: string;
  offerUri: string;
  offerQrUri: string;
  testWalletUrl?: string;
}

const FINAL = ["credential_issued", "canceled", "expired", "failed"];

/** Creates an offer through the app's backend and follows its status as the wallet redeems it. */
export function IssueBadge() {
  const [offer, setOffer] = useState<Offer>();
  const [status, setStatus] = useState<string>();

  useEffect(() => {
    if (!offer || (status && FINAL.includes(status))) return;
    const timer = setInterval(async () => {
      const response = await fetch(`/api/offers/${encodeURIComponent(offer.id)}`);
      if (response.ok) setStatus(((await response.json()) as { status: string }).status);
    }, 500);
    return () => clearInterval(timer);
  }, [offer, status]);

  if (!offer) {
    return (
      <button
        type="button"
        onClick={async () => {
          const created = (await (await fetch("/api/offers", { method: "POST" })).json()) as Offer;
          setOffer(created);
          setStatus(created.status);
        }}
      >
        Issue a badge
      </button>
    );
  }
  return (
    <section className="card">
      <p className="status-line">
        Offer status: <output id="offer-status">{status}</output>
      </p>
      {status === "credential_issued" ? (
        <p className="verified">The badge is in the wallet.</p>
      ) : null}
      {status && !FINAL.includes(status) ? (
        <div className="handoff">
          <CredentialOfferQRCode
            offer={offer}
            width={220}
            height={220}
            linkClassName="wallet-link"
            testWalletLinkClassName="test-wallet-link"
          />
        </div>
      ) : null}
    </section>
  );
}
