/**
 * Ways the test wallet breaks an mdoc presentation on purpose, each caught by one rule of the
 * verifier: `element_value` changes a disclosed value (its digest no longer matches),
 * `digest_id` sends an item under another item's digest ID, `issuer_signature` and
 * `device_signature` flip a byte of those signatures. A device signature over another transcript
 * is made by presenting with another binding (`signFor`).
 */
export const MDOC_TAMPERS = [
  "element_value",
  "digest_id",
  "issuer_signature",
  "device_signature",
] as const;
export type MdocTamper = (typeof MDOC_TAMPERS)[number];
