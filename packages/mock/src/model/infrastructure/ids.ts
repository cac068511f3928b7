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

/**
 * Random base62 string, uniform over the alphabet. Its characters are gathered as bytes and made
 * a string once: adding them to a string one by one made a new string per character, on every
 * request (each answer's request ID is one).
 */
export function randomToken(length: number): string {
  if (chars.length < length) chars = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const byte = randomByte();
    // 248 = 4 × 62: dropping bytes above it keeps the choice uniform.
    if (byte < 248) chars[filled++] = ALPHABET_CODES[byte % 62]!;
  }
  return chars.toString("latin1", 0, length);
}

export const newId = (prefix: string) => `${prefix}_${randomToken(20)}`;

/** IDs drawn per batch by {@link idSource}. */
const BATCH = 64;

/**
 * `prefix` + `length` random characters, drawn {@link BATCH} at a time into one string that each
 * ID is a slice of. For IDs made on every request (the request ID): one ID at a time, through a
 * byte buffer and then joined to its prefix (a rope, flattened again when node writes the header),
 * was about 5 % of the emulator's CPU profile of a status read.
 */
export function idSource(prefix: string, length: number): () => string {
  const width = prefix.length + length;
  let batch = "";
  let next = BATCH;
  return () => {
    if (next === BATCH) {
      const ids: string[] = [];
      for (let i = 0; i < BATCH; i++) ids.push(prefix, randomToken(length));
      batch = ids.join("");
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
