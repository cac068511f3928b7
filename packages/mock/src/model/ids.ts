import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random base62 string, uniform over the alphabet. */
export function randomToken(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: dropping bytes above it keeps the choice uniform.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export const newId = (prefix: string) => `${prefix}_${randomToken(20)}`;

export function randomDigits(length: number): string {
  let out = "";
  for (const byte of randomBytes(length * 2)) {
    if (byte < 250 && out.length < length) out += String(byte % 10);
  }
  return out.length === length ? out : randomDigits(length);
}
