import { html, type SafeHtml } from "./html.js";

/** A code block; it scrolls when long, so it takes keyboard focus and has a name. */
export const codeBlock = (text: string, label: string, wrap = false): SafeHtml =>
  html`<pre tabindex="0" aria-label="${label}"${wrap ? html` class="wrap"` : ""}>${text}</pre>`;

type Tone = "ok" | "warn" | "bad" | "info" | "idle" | "test";

const TONES: Record<string, Tone> = {
  offer_created: "idle",
  ready_to_issue: "info",
  token_issued: "info",
  credential_issued: "ok",
  pending: "idle",
  in_progress: "info",
  verified: "ok",
  failed: "bad",
  expired: "warn",
  canceled: "warn",
  revoked: "bad",
  active: "ok",
  archived: "idle",
  draft: "warn",
  published: "ok",
  delivered: "ok",
  delivering: "info",
};

/** A status as a coloured pill; unknown values are neutral. */
export const pill = (value: string, tone: Tone = TONES[value] ?? "idle"): SafeHtml =>
  html`<span class="pill pill-${tone}">${value.replaceAll("_", " ")}</span>`;

export const statusTone = (status: number | null): Tone =>
  status === null ? "bad" : status >= 500 ? "bad" : status >= 400 ? "warn" : "ok";

/** `12:04:31` in the emulator's local time, with the full ISO time as the title. */
export function time(iso: string | number): SafeHtml {
  const date = new Date(iso);
  const text = date.toLocaleTimeString("en-GB", { hour12: false });
  return html`<time datetime="${date.toISOString()}" title="${date.toISOString()}">${text}</time>`;
}

/** `given_name` → `Given name`. */
export const humanize = (key: string) => {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Leaves of a claims object as dotted paths, for display. */
export function flattenClaims(
  claims: Record<string, unknown>,
  prefix: string[] = [],
): [string[], unknown][] {
  return Object.entries(claims).flatMap(([key, value]) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? flattenClaims(value as Record<string, unknown>, [...prefix, key])
      : [[[...prefix, key], value] as [string[], unknown]],
  );
}

export const claimValue = (value: unknown) =>
  typeof value === "string"
    ? value
    : typeof value === "boolean"
      ? value
        ? "Yes"
        : "No"
      : JSON.stringify(value);

export const pretty = (json: unknown) => JSON.stringify(json, null, 2);
