import type { DigitalCredentialRequestLike } from "@credport/mock/wallet";

/** A verification the page started, as its app's start route answered (camelCase or snake_case). */
export interface PageVerification {
  verificationId?: string;
  authorizationRequestUri: string;
  dcApiRequests?: DigitalCredentialRequestLike[];
  /** Where the kit learnt of it. */
  source: "start route" | "page link";
}

const first = (data: Record<string, unknown>, ...names: string[]) =>
  names.map((name) => data[name]).find((value) => value !== undefined);

/** The start answer in a JSON body, or `undefined` when the body is not one. */
export function readStartAnswer(body: unknown): PageVerification | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const data = body as Record<string, unknown>;
  const uri = first(data, "authorizationRequestUri", "authorization_request_uri");
  const id = first(data, "verificationId", "verification_id", "id");
  if (typeof uri !== "string" || typeof first(data, "clientToken", "client_token") !== "string")
    return undefined;
  const requests = first(data, "dcApiRequests", "dc_api_requests");
  return {
    authorizationRequestUri: uri,
    ...(typeof id === "string" ? { verificationId: id } : {}),
    ...(Array.isArray(requests) && requests.length > 0
      ? { dcApiRequests: requests as DigitalCredentialRequestLike[] }
      : {}),
    source: "start route",
  };
}

/** Wallet links a verification page shows: the QR code's link and the "open your wallet" one. */
export const VERIFICATION_LINK_SCHEMES = ["openid4vp:", "haip-vp:", "haip:", "eudi-openid4vp:"];
/** Offer links an issuance page shows. */
export const OFFER_LINK_SCHEMES = ["openid-credential-offer:", "haip-vci:"];

/**
 * Runs in the page: the first link whose `href` starts with one of `schemes`, or one in an
 * emulator's test wallet link (`…/wallet?uri=<link>`).
 */
export function findWalletLink(schemes: string[]): string | null {
  for (const anchor of Array.from(document.querySelectorAll("a[href]"))) {
    const href = anchor.getAttribute("href") ?? "";
    if (schemes.some((scheme) => href.startsWith(scheme))) return href;
    try {
      const inner = new URL(href, location.href).searchParams.get("uri");
      if (inner && schemes.some((scheme) => inner.startsWith(scheme))) return inner;
    } catch {
      // not a URL
    }
  }
  return null;
}
