import { decode, encode, Tagged } from "cborg";
import { MdocInputError } from "./mdoc-errors.js";

/*
 * CBOR through cborg, configured per call. Not cbor-x: its tag decoders are global to the process,
 * and mdoc libraries (@owf/mdoc, @auth0/mdl) register their own for tags 24, 0 and 1004 when
 * loaded, which would change what this code reads in any process that loads one of them.
 */

/** Tags an mdoc uses: 24 (embedded CBOR) and 1004 (full-date) kept as {@link Tagged}; 0 (tdate) as a Date. */
const TAGS = {
  ...Tagged.preserve(24, 1004),
  0: (inner: () => unknown) => {
    const text = inner();
    const date = typeof text === "string" ? new Date(text) : undefined;
    if (!date || Number.isNaN(date.getTime()))
      throw new Error("tdate is not an RFC 3339 date-time");
    return date;
  },
};

/** Largest CBOR input read from a wallet (a DeviceResponse with a portrait stays well below). */
export const MAX_CBOR_BYTES = 512 * 1024;
/** Deepest nesting an mdoc structure needs is about 8; anything far deeper is an attack. */
const MAX_DEPTH = 32;

/** Encodes a value to CBOR bytes (maps in cborg's canonical key order). */
export const cborEncode = (value: unknown): Uint8Array => encode(value);

/** `#6.24(bstr .cbor value)`: a value embedded as its encoded bytes (RFC 8949 §3.4.5.1). */
export const embedded = (value: unknown): Tagged => new Tagged(24, cborEncode(value));

/** The bytes of `#6.24(bytes)`, for digests and signatures over an embedded item as it was sent. */
export const embeddedBytes = (bytes: Uint8Array): Uint8Array => cborEncode(new Tagged(24, bytes));

/**
 * Decodes CBOR a wallet sent, or throws {@link MdocInputError}: too large, malformed, trailing
 * bytes, an unexpected tag, duplicate map keys, or nesting deeper than any mdoc structure (checked
 * again without recursion after decoding).
 */
export function cborDecodeUntrusted(bytes: Uint8Array, what: string): unknown {
  if (!(bytes instanceof Uint8Array)) throw new MdocInputError(`${what} is not bytes`);
  if (bytes.byteLength > MAX_CBOR_BYTES)
    throw new MdocInputError(`${what} is larger than ${MAX_CBOR_BYTES} bytes`);
  let value: unknown;
  try {
    value = decode(bytes, { useMaps: true, rejectDuplicateMapKeys: true, tags: TAGS as never });
  } catch (error) {
    // The decoder recurses per level: a deeply nested input ends in a RangeError, caught here.
    throw new MdocInputError(
      error instanceof RangeError ? `${what} is nested too deeply` : `${what} is not valid CBOR`,
    );
  }
  if (depthExceeds(value, MAX_DEPTH)) throw new MdocInputError(`${what} is nested too deeply`);
  return value;
}

/** Whether `value` has containers nested more than `max` deep (iteratively). */
function depthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) return true;
    if (node instanceof Map) for (const [k, v] of node) stack.push([k, depth + 1], [v, depth + 1]);
    else if (Array.isArray(node)) for (const v of node) stack.push([v, depth + 1]);
    else if (node instanceof Tagged) stack.push([node.value, depth + 1]);
  }
  return false;
}

/** Whether `value` is `#6.24(bstr)`; its bytes then are `value.value`. */
export const isEmbedded = (value: unknown): value is Tagged & { value: Uint8Array } =>
  value instanceof Tagged && value.tag === 24 && value.value instanceof Uint8Array;

/** The content of `#6.24(bstr .cbor x)` decoded, or an {@link MdocInputError}. */
export function decodeEmbedded(value: unknown, what: string): unknown {
  if (!isEmbedded(value)) throw new MdocInputError(`${what} is not an embedded CBOR item (tag 24)`);
  return cborDecodeUntrusted(value.value, what);
}

export { Tagged };
