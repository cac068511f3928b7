/** What was parsed of a record's `expiresAt`, and from which text (a record may be given a new one). */
const parsed = new WeakMap<object, { iso: string; ms: number }>();

/**
 * A record's `expiresAt` in milliseconds, parsed once per record and value: every status read
 * checks it, and `Date.parse` costs more than the rest of that check. The record is left as it is
 * (a field of its own would show in snapshots and the data file).
 */
export function expiryTime(record: { readonly expiresAt: string }): number {
  const known = parsed.get(record);
  if (known !== undefined && known.iso === record.expiresAt) return known.ms;
  const ms = Date.parse(record.expiresAt);
  parsed.set(record, { iso: record.expiresAt, ms });
  return ms;
}
