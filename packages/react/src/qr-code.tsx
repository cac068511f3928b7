import { isWalletLink } from "@credport/browser";
import type { SVGProps } from "react";
import { encode } from "uqr";
import { TestWalletLink } from "./test-wallet-link.js";

export interface QRCodeProps extends Omit<SVGProps<SVGSVGElement>, "children"> {
  /** The text to encode. */
  value: string;
  /** Accessible name of the image. */
  label: string;
}

/**
 * An SVG QR code. Dark modules use `currentColor` and the quiet zone is transparent, so your CSS
 * decides colours and size; every SVG attribute can be overridden.
 */
export function QRCode({ value, label, ...svg }: QRCodeProps) {
  const { data, size } = encode(value, { border: 2, ecc: "M" });
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      width="240"
      height="240"
      {...svg}
    >
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/** The "Open in test wallet" link's text and class, for the emulator's test environments. */
export interface TestWalletLinkOptions {
  /** Text of the link to the emulator's test wallet page, when there is one. */
  testWalletLinkText?: string | undefined;
  testWalletLinkClassName?: string | undefined;
}

export interface VerificationQRCodeProps
  extends Omit<QRCodeProps, "value" | "label">,
    TestWalletLinkOptions {
  authorizationRequestUri: string;
  /**
   * The emulator's test wallet page for this request (`testWalletUrl` of `useVerification`, or
   * `test_wallet_url` of the created verification): adds an "Open in test wallet" link. Test
   * environments only; live verifications never have one.
   */
  testWalletUrl?: string | undefined;
  label?: string | undefined;
}

/** The wallet's authorization request as a QR code, for desktop users. */
export function VerificationQRCode({
  authorizationRequestUri,
  testWalletUrl,
  label = "Scan with your wallet to verify",
  testWalletLinkText = "Open in test wallet",
  testWalletLinkClassName,
  ...props
}: VerificationQRCodeProps) {
  return (
    <>
      <QRCode value={authorizationRequestUri} label={label} {...props} />
      <TestWalletLink href={testWalletUrl} className={testWalletLinkClassName}>
        {testWalletLinkText}
      </TestWalletLink>
    </>
  );
}

export interface CredentialOfferQRCodeProps
  extends Omit<QRCodeProps, "value" | "label">,
    TestWalletLinkOptions {
  /**
   * `createOffer`'s answer. Its `testWalletUrl` (test environments of the emulator only) adds an
   * "Open in test wallet" link.
   */
  offer: { offerQrUri: string; offerUri: string; testWalletUrl?: string | undefined };
  label?: string | undefined;
  /**
   * Text of the wallet link shown for mobile users; `null` hides it. An `offerUri` that is not a
   * wallet link (`openid-credential-offer:`, `haip-vci:`, http(s)) is never rendered as one.
   */
  linkText?: string | null | undefined;
  linkClassName?: string | undefined;
}

/** A credential offer as a QR code (desktop) and a wallet link (mobile). */
export function CredentialOfferQRCode({
  offer,
  label = "Scan with your wallet to receive the credential",
  linkText = "Open in your wallet",
  linkClassName,
  testWalletLinkText = "Open in test wallet",
  testWalletLinkClassName,
  ...props
}: CredentialOfferQRCodeProps) {
  return (
    <>
      <QRCode value={offer.offerQrUri} label={label} {...props} />
      {linkText === null || !isWalletLink(offer.offerUri) ? null : (
        <a href={offer.offerUri} className={linkClassName}>
          {linkText}
        </a>
      )}
      <TestWalletLink href={offer.testWalletUrl} className={testWalletLinkClassName}>
        {testWalletLinkText}
      </TestWalletLink>
    </>
  );
}
