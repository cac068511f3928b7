/** How far a proof's or key binding's `iat` may be from real time. */
export const FRESHNESS_SECONDS = 300;

/**
 * Now, in seconds, for times a wallet made (proof and key-binding `iat`): real time, never the
 * service's clock. Tests move the service's clock to run out offers and verifications; a wallet
 * signs with its own clock, so checking its `iat` against the shifted one would refuse honest
 * wallets (in the future, or too old) as soon as the clock moves.
 */
export const walletNowSeconds = () => Math.floor(Date.now() / 1000);
