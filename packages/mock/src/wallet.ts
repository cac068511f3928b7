export { DEFAULT_TEST_IDENTITY, IDENTITY_VCT, type TestIdentity } from "./wallet/test-identity.js";
export {
  type AcceptOfferOptions,
  type ClaimPath,
  createTestWallet,
  type HeldCredential,
  type OfferPreview,
  type PresentOptions,
  type RequestPreview,
  type Tamper,
  type TestWallet,
  type TestWalletOptions,
} from "./wallet/test-wallet.js";
export { TestWalletError } from "./wallet/test-wallet-error.js";
