// Keys are found anywhere, even glued to other text ("req_sk_live_…"); a client token only after a
// non-alphanumeric character (an underscore included), so that "project_…" stays. Group 1 keeps
// that character. No lookbehind: older Safari cannot parse one. Wallet URIs end at a quote, so that
// redacting JSON text keeps it JSON.
const SECRET_PATTERNS = [
  /()((?:sk|pk)_(?:test|live)_)[A-Za-z0-9]+/g,
  /()(whsec_)[A-Za-z0-9]+/g,
  /(^|[^A-Za-z0-9])(ct_)[A-Za-z0-9]{8,}/g,
  /()(openid-credential-offer:\/\/|openid4vp:\/\/)[^\s"'\\]*/g,
];

/** Replaces anything shaped like a key, a client token or a wallet hand-off URI. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, "$1$2[redacted]");
  return out;
}

/**
 * A redacted copy of JSON data a server sent (error `details`): keys and strings pass through
 * {@link redactSecrets}; what is not JSON is dropped (and the whole value, if it cannot be copied).
 */
export function redactData(value: unknown): unknown {
  try {
    return JSON.parse(redactSecrets(JSON.stringify(value)));
  } catch {
    return undefined;
  }
}

/**
 * What an error may keep as its `cause`: a fresh `Error` with the redacted name and message of the
 * original and its `code` (or its own cause's: `ECONNRESET` under fetch's "fetch failed"), and
 * nothing else. An HTTP library's error can hold the request options, headers included; none of that
 * survives.
 */
export function sanitizeCause(cause: unknown): unknown {
  if (typeof cause === "string") return redactSecrets(cause);
  if (!(cause instanceof Error)) return undefined;
  const copy = new Error(redactSecrets(String(cause.message)));
  copy.name = redactSecrets(String(cause.name));
  const code = (cause as { code?: unknown }).code ?? (cause.cause as { code?: unknown })?.code;
  if (code !== undefined) Object.assign(copy, { code: redactSecrets(String(code)) });
  return copy;
}
