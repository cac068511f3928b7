/** A hand-off URI the wallet page takes: an offer or a presentation request, by reference. */
export interface HandoffTarget {
  kind: "offer" | "request";
  /** `credential_offer_uri` or `request_uri`: where the wallet fetches it. */
  target: string;
  /** The issuance or verification ID in that URL, when it is one of this emulator's. */
  id: string;
}

const OFFER_PATH = /\/oid4vci\/offers\/([^/?#]+)$/;
const REQUEST_PATH = /\/oid4vp\/requests\/([^/?#]+)$/;

/**
 * Reads an `openid-credential-offer://` or `openid4vp://` URI and keeps it only when it points at
 * one of `bases` (this emulator): the page's wallet acts for this emulator's flows only.
 */
export function handoffTarget(uri: string, bases: string[]): HandoffTarget | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  const [kind, param, pattern] =
    url.protocol === "openid-credential-offer:"
      ? (["offer", "credential_offer_uri", OFFER_PATH] as const)
      : url.protocol === "openid4vp:"
        ? (["request", "request_uri", REQUEST_PATH] as const)
        : [];
  if (!kind) return undefined;
  const target = url.searchParams.get(param);
  if (!target || !bases.some((base) => target.startsWith(`${base}/`))) return undefined;
  const match = pattern.exec(new URL(target).pathname);
  return match ? { kind, target, id: decodeURIComponent(match[1]!) } : undefined;
}
