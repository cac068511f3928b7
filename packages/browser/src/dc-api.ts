/**
 * The browser's side of the W3C Digital Credentials API: whether this page can ask a wallet
 * through it, and the call itself. Touches no global at import.
 */

/** A request for `navigator.credentials.get({ digital: { requests } })`, as the service made it. */
export interface DcApiRequest {
  /** e.g. `openid4vp-v1-signed`, `openid4vp-v1-unsigned`, `org-iso-mdoc`. */
  protocol: string;
  data: Record<string, unknown>;
}

/**
 * Where the flow's Digital Credentials API path stands (`FlowState.dcApi`). The verification's own
 * `phase` stays `pending` through every one of them but `submitted`, so the QR code and link stay
 * usable: `unsupported` (no API, or none of the protocols: Firefox, Safari for OpenID4VP), `blocked`
 * (a cross-origin iframe without `allow="digital-credentials-get"`), `ready` (call `present()`),
 * `presenting` (the browser's wallet prompt is open), `submitting` (the answer is on its way to the
 * service), `submitted` (the status follows), `declined` (the user closed the prompt:
 * `NotAllowedError`), `wallet_error` (the wallet answered an error, see `walletError`), `aborted`
 * (the signal given to `present()`), `failed` (another error, see `error`).
 */
export type DcApiPhase =
  | "unsupported"
  | "blocked"
  | "ready"
  | "presenting"
  | "submitting"
  | "submitted"
  | "declined"
  | "wallet_error"
  | "aborted"
  | "failed";

interface DigitalCredentialStatic {
  userAgentAllowsProtocol?: (protocol: string) => boolean;
}

/**
 * The requests this browser can pass to `get()` (`DigitalCredential.userAgentAllowsProtocol`), or
 * why none: `unsupported`, or `blocked` where the permissions policy forbids the API here.
 */
export function usableRequests(
  requests: DcApiRequest[],
): DcApiRequest[] | "unsupported" | "blocked" {
  const api = (globalThis as { DigitalCredential?: DigitalCredentialStatic }).DigitalCredential;
  const allows = api?.userAgentAllowsProtocol;
  if (typeof allows !== "function" || typeof navigator === "undefined" || !navigator.credentials)
    return "unsupported";
  // Chromium's permissions policy API: false in a cross-origin iframe without the `allow` attribute.
  const policy = (
    globalThis.document as { featurePolicy?: { allowsFeature(name: string): boolean } } | undefined
  )?.featurePolicy;
  if (policy?.allowsFeature("digital-credentials-get") === false) return "blocked";
  const usable = requests.filter((r) => allows.call(api, r.protocol));
  return usable.length > 0 ? usable : "unsupported";
}

/**
 * `navigator.credentials.get({ digital: { requests }, signal })`, called at once: it needs the
 * user's transient activation, so nothing may be awaited between the click and this call.
 */
export function requestCredential(requests: DcApiRequest[], signal: AbortSignal): Promise<unknown> {
  try {
    return navigator.credentials.get({ digital: { requests }, signal } as CredentialRequestOptions);
  } catch (error) {
    return Promise.reject(error);
  }
}
