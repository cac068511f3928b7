import type { CookiePurpose, Keyring } from "./keyring.js";

/**
 * How many opened seals each keyring remembers per purpose. Only seals that opened are kept (a
 * flood of forged cookies adds nothing), each at most 4 KB: a few MB at worst.
 */
export const OPENED_SEALS_MAX = 1000;

/**
 * iron's allowance past a seal's expiry (`timestampSkewSec` in iron-webcrypto's defaults, which
 * iron-session unseals with): a remembered seal expires exactly when iron would refuse it.
 */
const IRON_SKEW_MS = 60_000;

interface Opened {
  /** What the schema made of the seal's contents; a copy is handed out, never this. */
  data: unknown;
  schema: object;
  /** iron's expiry of the seal (Unix ms), or `undefined` for a seal without one. */
  ironExpiresAt: number | undefined;
}

// Keyed by the keyring object: one is made per list of secrets (`sessionKeyring`), so a list
// without a secret is another keyring, which remembers nothing and does not open that secret's
// seals. Weak: a keyring no longer used takes its memory with it.
const byKeyring = new WeakMap<Keyring, Map<CookiePurpose, Map<string, Opened>>>();

function sealsOf(keyring: Keyring, purpose: CookiePurpose): Map<string, Opened> {
  let purposes = byKeyring.get(keyring);
  if (!purposes) {
    purposes = new Map();
    byKeyring.set(keyring, purposes);
  }
  let seals = purposes.get(purpose);
  if (!seals) {
    seals = new Map();
    purposes.set(purpose, seals);
  }
  return seals;
}

/** The expiry iron sealed into `value` (its sixth field), as iron reads it. */
function ironExpiryOf(value: string): number | undefined {
  const expiration = value.split("*")[5];
  return expiration ? Number.parseInt(expiration, 10) : undefined;
}

/**
 * What `value` opened to before, for this keyring, purpose and schema, while iron's expiry has not
 * passed; `undefined` otherwise (then the caller unseals it). The session's own expiry and user
 * binding are the caller's to check, on every request, as for a seal just opened.
 */
export function rememberedOpening<T>(
  keyring: Keyring,
  purpose: CookiePurpose,
  value: string,
  schema: object,
): T | undefined {
  const seals = sealsOf(keyring, purpose);
  const opened = seals.get(value);
  if (!opened || opened.schema !== schema) return undefined;
  if (opened.ironExpiresAt !== undefined && opened.ironExpiresAt <= Date.now() - IRON_SKEW_MS) {
    seals.delete(value);
    return undefined;
  }
  // Least recently used first: a seal read again moves to the end.
  seals.delete(value);
  seals.set(value, opened);
  return structuredClone(opened.data) as T;
}

/** Remembers that `value` opened to `data` (already checked against `schema`). */
export function rememberOpening(
  keyring: Keyring,
  purpose: CookiePurpose,
  value: string,
  schema: object,
  data: unknown,
): void {
  const seals = sealsOf(keyring, purpose);
  seals.delete(value);
  seals.set(value, { data: structuredClone(data), schema, ironExpiresAt: ironExpiryOf(value) });
  while (seals.size > OPENED_SEALS_MAX) seals.delete(seals.keys().next().value!);
}

/** @internal How many seals a keyring remembers for a purpose (for the tests of the bound). */
export const openedSealCount = (keyring: Keyring, purpose: CookiePurpose) =>
  byKeyring.get(keyring)?.get(purpose)?.size ?? 0;
