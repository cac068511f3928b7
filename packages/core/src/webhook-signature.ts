// The `Webhook-Signature` header, once: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw
// body>")>`. `@credport/server` signs and verifies with it, `@credport/mock` signs with it.

/** A parsed `Webhook-Signature` header: the signed timestamp and every `v1` signature in it. */
export interface WebhookSignatureHeader {
  /** Unix seconds, as signed. */
  timestamp: number;
  /** Hex HMAC-SHA256 signatures; more than one while a secret is being rotated. */
  signatures: string[];
}

/** The text a webhook signature is an HMAC-SHA256 of: `"<t>.<raw body>"`. */
export function webhookSignedContent(timestamp: number, payload: string): string {
  return `${timestamp}.${payload}`;
}

/** The `Webhook-Signature` header value for one timestamp and one hex signature. */
export function formatWebhookSignature(timestamp: number, signature: string): string {
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Reads a `Webhook-Signature` header, or `undefined` when it is not exactly `t=<decimal
 * seconds>` once and at least one `v1=<hex>` (other schemes such as `v0=` are ignored): a
 * header that could be read two ways is refused rather than guessed at.
 */
export function parseWebhookSignature(header: string): WebhookSignatureHeader | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value, ...rest] = part.trim().split("=");
    if (rest.length > 0) return undefined;
    if (key === "t") {
      if (timestamp !== undefined || !/^\d{1,15}$/.test(value ?? "")) return undefined;
      timestamp = Number(value);
    } else if (key === "v1") {
      if (!/^[0-9a-f]+$/i.test(value ?? "")) return undefined;
      signatures.push(value!);
    }
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/** Hex HMAC-SHA256 of `message` under `secret`, with Web Crypto (Node 20, edge runtimes, browsers). */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Signs a payload the way the service does, for tests of webhook receivers: returns the
 * `Webhook-Signature` header value (`timestamp` defaults to now).
 */
export async function signWebhookPayload(
  payload: string,
  options: { secret: string; timestamp?: number | undefined },
): Promise<string> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = await hmacSha256Hex(options.secret, webhookSignedContent(timestamp, payload));
  return formatWebhookSignature(timestamp, signature);
}
