/**
 * The entries of a test matrix (every adapter, every transport) this tier runs. The fast tier's
 * projects set `CREDPORT_TEST_MATRIX=first`: each suite on the first entry, the one mechanism the
 * others wrap. The `*-matrix` projects (`pnpm test:matrix`) set `rest`. Unset, as when a file is run
 * directly, the whole matrix runs.
 */
export function inThisTier<T>(matrix: readonly T[]): T[] {
  const slice = process.env.CREDPORT_TEST_MATRIX;
  if (slice === "first") return matrix.slice(0, 1);
  if (slice === "rest") return matrix.slice(1);
  return [...matrix];
}
