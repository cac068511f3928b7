export { DEFAULT_TEST_IDENTITY, IDENTITY_VCT, type TestIdentity } from "./wallet/test-identity.js";
export { createTestWallet } from "./wallet/test-wallet.js";
export { TestWalletError } from "./wallet/test-wallet-error.js";
export type {
  AcceptOfferOptions,
  ClaimPath,
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
