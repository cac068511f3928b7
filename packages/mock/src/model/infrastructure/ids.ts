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

/** The alphabet as character codes, and where a token's characters are put before it becomes a string. */
const ALPHABET_CODES = Buffer.from(ALPHABET, "latin1");
let chars = Buffer.alloc(64);

/** Writes `length` random alphabet characters into `into` from `start`, uniform over the alphabet. */
function fillRandom(into: Buffer, start: number, length: number): void {
  const end = start + length;
  let at = start;
  while (at < end) {
    const byte = randomByte();
    // 248 = 4 × 62: dropping bytes above it keeps the choice uniform.
    if (byte < 248) into[at++] = ALPHABET_CODES[byte % 62]!;
  }
}

/**
 * Random base62 string, uniform over the alphabet. Its characters are gathered as bytes and made
 * a string once: adding them to a string one by one made a new string per character.
 */
export function randomToken(length: number): string {
  if (chars.length < length) chars = Buffer.alloc(length);
  fillRandom(chars, 0, length);
  return chars.toString("latin1", 0, length);
}

export const newId = (prefix: string) => `${prefix}_${randomToken(20)}`;

/** IDs drawn per batch by {@link idSource}. */
const BATCH = 64;

/**
 * `prefix` + `length` random characters, drawn {@link BATCH} at a time into one string that each
 * ID is a slice of. For IDs made on every request (the request ID): one at a time, each ID was a
 * string made from bytes and then a rope joined to its prefix, which node flattened again to
 * write the header: about 5 % of the emulator's CPU profile of a status read.
 */
export function idSource(prefix: string, length: number): () => string {
  const width = prefix.length + length;
  const bytes = Buffer.alloc(width * BATCH);
  for (let i = 0; i < BATCH; i++) bytes.write(prefix, i * width, "latin1");
  let batch = "";
  let next = BATCH;
  return () => {
    if (next === BATCH) {
      for (let i = 0; i < BATCH; i++) fillRandom(bytes, i * width + prefix.length, length);
      batch = bytes.toString("latin1");
      next = 0;
    }
    const start = next++ * width;
    return batch.slice(start, start + width);
  };
}

export function randomDigits(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 250) out += String(byte % 10);
  }
  return out;
}
