import { Decoder, Encoder, Tag } from "cbor-x";
import { MdocInputError } from "./mdoc-errors.js";

/**
 * CBOR as ISO/IEC 18013-5 writes it: maps stay maps (COSE headers and keys have integer labels),
 * byte strings stay plain byte strings (cbor-x would otherwise tag a Uint8Array with tag 64), and
 * no cbor-x record extensions. One encoder and one decoder, so every module writes the same bytes.
 */
const encoder = new Encoder({
  useRecords: false,
  mapsAsObjects: false,
  tagUint8Array: false,
  variableMapSize: true,
  pack: false,
});
const decoder = new Decoder({ useRecords: false, mapsAsObjects: false });

/** Largest CBOR input read from a wallet (a DeviceResponse with a portrait stays well below). */
export const MAX_CBOR_BYTES = 512 * 1024;
/** Deepest nesting an mdoc structure needs is about 8; anything far deeper is an attack. */
const MAX_DEPTH = 32;

/** Encodes a value to CBOR bytes. */
export const cborEncode = (value: unknown): Uint8Array => new Uint8Array(encoder.encode(value));

/** `#6.24(bstr .cbor value)`: a value embedded as its encoded bytes (RFC 8949 §3.4.5.1). */
export const embedded = (value: unknown): Tag => new Tag(cborEncode(value), 24);

/** The bytes of `#6.24(bytes)`, for digests and signatures over an embedded item as it was sent. */
export const embeddedBytes = (bytes: Uint8Array): Uint8Array => cborEncode(new Tag(bytes, 24));

/**
 * Decodes CBOR a wallet sent, or throws {@link MdocInputError}: too large, malformed, trailing
 * bytes, or nested deeper than any mdoc structure is (checked without recursion, so a hostile
 * input cannot exhaust the stack twice).
 */
export function cborDecodeUntrusted(bytes: Uint8Array, what: string): unknown {
  if (bytes.byteLength > MAX_CBOR_BYTES)
    throw new MdocInputError(`${what} is larger than ${MAX_CBOR_BYTES} bytes`);
  let value: unknown;
  try {
    value = decoder.decode(bytes);
  } catch (error) {
    // cbor-x recurses per level: a deeply nested input ends in a RangeError, caught here.
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
    else if (node instanceof Tag) stack.push([node.value, depth + 1]);
  }
  return false;
}

/** Whether `value` is `#6.24(bstr)`; its bytes then are `value.value`. */
export const isEmbedded = (value: unknown): value is Tag & { value: Uint8Array } =>
  value instanceof Tag && value.tag === 24 && value.value instanceof Uint8Array;

/** The content of `#6.24(bstr .cbor x)` decoded, or an {@link MdocInputError}. */
export function decodeEmbedded(value: unknown, what: string): unknown {
  if (!isEmbedded(value)) throw new MdocInputError(`${what} is not an embedded CBOR item (tag 24)`);
  return cborDecodeUntrusted(value.value, what);
}

export { Tag };
