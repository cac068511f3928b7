import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const POOL_BYTES = 4096;

// Random bytes are drawn from the system in blocks: one call per ID cost ~6 % of a status read.
let pool = Buffer.alloc(0);
let offset = 0;

function randomByte(): number {
  if (offset === pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  return pool[offset++]!;
}

/** Random base62 string, uniform over the alphabet. */
export function randomToken(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    // 248 = 4 × 62: dropping bytes above it keeps the choice uniform.
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

export const newId = (prefix: string) => `${prefix}_${randomToken(20)}`;

export function randomDigits(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 250) out += String(byte % 10);
  }
  return out;
}
