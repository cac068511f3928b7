import { redactSecrets } from "@credport/core";

/** One thing the kit did or saw, with a short, redacted account of it. */
export interface Activity {
  /** Milliseconds since the log began. */
  at: number;
  what: string;
  detail?: unknown;
}

// Signed and encrypted blobs (JWS, JWE, SD-JWT, CBOR in base64url) mean nothing in a failure
// report and may carry personal data: their start and length are enough to tell them apart.
const LONG_TOKEN = /[A-Za-z0-9_\-.~+/=]{64,}/g;

/** A copy of `value` as indented JSON, with keys, tokens, wallet links and long blobs cut out. */
export function redactForReport(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return redactSecrets(text).replace(
    LONG_TOKEN,
    (token) => `${token.slice(0, 12)}…[${token.length} characters]`,
  );
}

/** What the kit did on one page, in order: printed when a test fails. */
export class ActivityLog {
  readonly entries: Activity[] = [];
  private readonly began = Date.now();

  add(what: string, detail?: unknown): void {
    this.entries.push({
      at: Date.now() - this.began,
      what,
      ...(detail === undefined ? {} : { detail }),
    });
  }

  format(title: string): string {
    const lines = [`${title}:`];
    if (this.entries.length === 0) lines.push("  (nothing)");
    for (const { at, what, detail } of this.entries) {
      lines.push(`  +${at} ms  ${what}`);
      if (detail !== undefined)
        lines.push(
          ...redactForReport(detail)
            .split("\n")
            .map((line) => `      ${line}`),
        );
    }
    return lines.join("\n");
  }
}
