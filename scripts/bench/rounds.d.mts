// Types for the tests that check the guard's statistics (packages/server/test/bench-guard.bench.test.ts).
export interface RoundsResult {
  median: number;
  low: number;
  high: number;
  rounds: number;
  settled: boolean;
  ratios: number[];
}
export declare const RATIO_TOLERANCE: number;
export declare const RATIO_PRECISION: number;
export declare function medianInterval(values: number[]): {
  median: number;
  low: number;
  high: number;
};
export declare function medianOfRounds(
  round: (index: number) => Promise<number>,
  options?: { minRounds?: number; maxRounds?: number; precision?: number },
): Promise<RoundsResult>;
export declare function ratioFields(result: {
  low: number;
  high: number;
  rounds?: number;
  processes?: number;
  settled: boolean;
}): Record<string, unknown>;
export declare function measuredOver(figure: { rounds?: number; processes?: number }): string;
