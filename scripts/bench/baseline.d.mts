// Types for the tests that check the guard's statistics (packages/server/test/bench-guard.bench.test.ts).
export interface Figure {
  id: string;
  label?: string;
  value: number;
  unit?: string;
  check?: "exact" | "lower" | "higher" | "record";
  tolerance?: number;
  interval?: [number, number];
  [field: string]: unknown;
}
export interface Baseline {
  figures: Record<string, { value: number; unit?: string; check?: string; label?: string }>;
}
export declare function readBaseline(file: string): Baseline;
export declare function writeBaseline(file: string, baseline: Baseline, figures: Figure[]): void;
export declare function compare(
  figures: Figure[],
  baseline: Baseline,
): { figure: Figure; verdict: string; rule?: string }[];
