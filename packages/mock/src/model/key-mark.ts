import { createHash } from "node:crypto";
import { randomToken } from "./infrastructure/ids.js";

/** Characters of a key's random part, and of the mark that ends it. */
const KEY_LENGTH = 32;
const MARK_LENGTH = 6;
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * The mark: the first characters of a SHA-256 over a fixed label, the key's prefix and its random
 * part. Not a secret and not an authenticator — anyone can compute it — only a shape that says
 * "the mock made this key", so that a key it does not know can be told apart from a typo or a
 * real service's key (about one in 2^35 of those carries a valid mark by chance).
 */
function markOf(prefix: string, random: string): string {
  const digest = createHash("sha256").update(`credport-mock-key:${prefix}${random}`).digest();
  let mark = "";
  for (let i = 0; i < MARK_LENGTH; i++) mark += ALPHABET[digest[i]! % ALPHABET.length];
  return mark;
}

/** A new key: `prefix`, random base62 characters, then the mark ({@link isMarkedKey}). */
export function markedKey(prefix: string): string {
  const random = randomToken(KEY_LENGTH - MARK_LENGTH);
  return `${prefix}${random}${markOf(prefix, random)}`;
}

/**
 * Whether `key` (starting with `prefix`) has the shape of a key the mock issued — in this run or
 * an earlier one: the message of a refused key can then say why. Nothing about the key is stored.
 */
export function isMarkedKey(prefix: string, key: string): boolean {
  if (!key.startsWith(prefix) || key.length !== prefix.length + KEY_LENGTH) return false;
  const rest = key.slice(prefix.length);
  return markOf(prefix, rest.slice(0, -MARK_LENGTH)) === rest.slice(-MARK_LENGTH);
}
