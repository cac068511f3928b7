/** Every error code of the Credport packages, for `error.code` of the hooks' errors. */

// The rule every href of these components passes, for links the app renders itself.
export {
  type DcApiPhase,
  type FailureCode,
  type FlowPhase,
  isWalletLink,
  type PresentOptions,
} from "@credport/browser";
export type { CredportErrorCode } from "@credport/core";
export {
  CredportProvider,
  type CredportProviderProps,
} from "./credport-context.js";
export {
  CredentialOfferQRCode,
  type CredentialOfferQRCodeProps,
  QRCode,
  type QRCodeProps,
  type TestWalletLinkOptions,
  VerificationQRCode,
  type VerificationQRCodeProps,
} from "./qr-code.js";
export {
  SignOutButton,
  type SignOutButtonProps,
  type UseSignOutOptions,
  type UseSignOutResult,
  useSignOut,
} from "./sign-out.js";
export {
  type UseVerificationOptions,
  type UseVerificationResult,
  useVerification,
} from "./use-verification.js";
export {
  type SessionPhase,
  type UseVerifiedSessionOptions,
  type UseVerifiedSessionResult,
  useVerifiedSession,
} from "./use-verified-session.js";
export { VerificationGate, type VerificationGateProps } from "./verification-gate.js";
export {
  defaultVerificationMessages,
  type VerificationMessages,
} from "./verification-messages.js";
export type { WalletHandoff } from "./wallet-handoff.js";
