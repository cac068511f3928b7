/** The global fetch, looked up per call: one identity, so every hook without a provider shares a store. */
export const globalFetch: typeof fetch = (...args) => globalThis.fetch(...args);

/**
 * Told when a verification of this app has written a session (library mode): `useVerifiedSession`'s
 * stores listen once one exists. A set of callbacks rather than the store itself, so that
 * `useVerification` stays small in apps that never ask whether they are verified.
 */
export const sessionWritten = new Set<(http: typeof fetch, sessionUrl: string) => void>();
