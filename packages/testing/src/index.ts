export { type Activity, redactForReport } from "./activity-log.js";
export { refuseLiveKey } from "./live-key.js";
export type { PageLike } from "./page-like.js";
export {
  DEVICE_WALLET_BUTTON,
  type PageWallet,
  type PageWalletOptions,
  type Presented,
  type PresentInPageOptions,
  wallet,
} from "./page-wallet.js";
export type { PageVerification } from "./started-verification.js";
export {
  type AttachTestEmulatorOptions,
  attachTestEmulator,
  type StartTestEmulatorOptions,
  startTestEmulator,
  type TestEmulator,
  type TestEmulatorKeys,
  type VerificationTrace,
} from "./test-emulator.js";
export { CredportTestingError, type CredportTestingErrorCode } from "./testing-error.js";
export { type VerifiedSessionOptions, verifiedSession } from "./verified-session.js";
