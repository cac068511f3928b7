export {
  createTestWallet,
  type HeldCredential,
  type PresentOptions,
  type Tamper,
  type TestWallet,
  type TestWalletOptions,
} from "./wallet/test-wallet.js";
