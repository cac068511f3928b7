export type {
  DigitalCredentialAnswer,
  DigitalCredentialRequestLike,
} from "./wallet/channels/dc-api/dc-api-answer.js";
export {
  type CdpSessionLike,
  declineInVirtualWallet,
  setVirtualWalletAnswer,
  setVirtualWalletBehavior,
  type VirtualWalletBehavior,
} from "./wallet/channels/dc-api/virtual-wallet.js";
export { DEFAULT_TEST_IDENTITY, IDENTITY_VCT, type TestIdentity } from "./wallet/test-identity.js";
export { createTestWallet } from "./wallet/test-wallet.js";
export { TestWalletError } from "./wallet/test-wallet-error.js";
export type {
  AcceptOfferOptions,
  ClaimPath,
  DcApiPresentOptions,
  HeldCredential,
  HeldMdocCredential,
  HeldSdJwtVc,
  OfferPreview,
  PresentOptions,
  RequestPreview,
  Tamper,
  TestWallet,
  TestWalletOptions,
} from "./wallet/types.js";
