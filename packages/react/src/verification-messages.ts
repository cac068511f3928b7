/**
 * The texts of `<VerificationGate>`, in English. Override any of them with its `messages` prop
 * (translations, your product's voice); `{time}` stands for the `m:ss` left.
 */
export const defaultVerificationMessages = {
  starting: "Preparing your verification…",
  scan: "Scan the QR code with your wallet app.",
  openWallet: "Open your wallet app to share your credential.",
  in_progress: "Continue in your wallet app…",
  finalizing: "Almost done…",
  verified: "Verified.",
  failed: "The verification failed.",
  presentation_invalid: "Your wallet's answer could not be checked.",
  claims_missing: "Your wallet did not share everything that was asked for.",
  claims_not_satisfied: "Your credential does not meet the requirements of this check.",
  credential_revoked: "Your credential has been revoked by its issuer.",
  credential_expired: "Your credential has expired.",
  wallet_rejected: "The request was declined in your wallet.",
  expired: "This request has expired.",
  canceled: "This verification was canceled.",
  timeout: "We stopped waiting for your wallet.",
  error: "Something went wrong.",
  rateLimited: "Too many attempts: wait a minute, then try again.",
  retry: "Try again",
  deviceWallet: "Use a wallet on this device",
  deviceWalletPresenting: "Choose a wallet in your browser's window…",
  deviceWalletSubmitting: "Checking your wallet's answer…",
  deviceWalletDeclined: "You closed the wallet window. Try again, or use the QR code or link.",
  deviceWalletError:
    "Your wallet could not share your credential. Try again, or use the QR code or link.",
  deviceWalletAborted: "The wallet window was closed. Try again, or use the QR code or link.",
  deviceWalletFailed:
    "The wallet on this device could not be reached. Try again, or use the QR code or link.",
  walletLink: "Open your wallet",
  testWalletLink: "Open in test wallet",
  showQrCode: "Use a wallet on another device",
  qrLabel: "Scan with your wallet to verify",
  expiresIn: "Expires in {time}",
};

/** Every text of `<VerificationGate>`: a state, a `failureCode`, or a control. */
export type VerificationMessages = Record<keyof typeof defaultVerificationMessages, string>;

/** `m:ss`, rounded up so that `0:00` shows only once the time is up. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
