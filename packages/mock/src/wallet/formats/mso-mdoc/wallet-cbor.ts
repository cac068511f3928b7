import { decode, encode, Tagged } from "cborg";

/*
 * The test wallet's own CBOR (it shares no code with the service it tests, so that one bug cannot
 * hide on both sides). Tags 24 and 1004 stay Tagged; 0 (tdate) too, the wallet only passes it on.
 */
const TAGS = Tagged.preserve(0, 24, 1004);

export const walletCborEncode = (value: unknown): Uint8Array => encode(value);
export const walletCborDecode = (bytes: Uint8Array): unknown =>
  decode(bytes, { useMaps: true, tags: TAGS as never });

/** `#6.24(bstr .cbor value)`. */
export const tag24 = (value: unknown) => new Tagged(24, walletCborEncode(value));

/** The value inside a `#6.24` item, decoded. */
export function untag24(item: unknown): unknown {
  if (!(item instanceof Tagged) || item.tag !== 24 || !(item.value instanceof Uint8Array))
    throw new TypeError("test wallet: expected an embedded CBOR item (tag 24)");
  return walletCborDecode(item.value);
}

export { Tagged };
