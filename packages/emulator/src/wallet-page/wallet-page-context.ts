import type { FaceContext } from "../face/context.js";
import type { WalletSessions } from "./wallet-sessions.js";

/** What a test wallet page gets: the page context, and the browser sessions' wallets. */
export interface WalletPageContext extends FaceContext {
  wallets: WalletSessions;
}
