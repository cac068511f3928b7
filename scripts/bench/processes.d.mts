// Types for the tests that check the guard's statistics (packages/server/test/bench-guard.bench.test.ts).
export interface SampleResult {
  median: number;
  low: number;
  high: number;
  processes: number;
  settled: boolean;
  ratios: number[];
  details: Record<string, number>;
}
export type Samples = Record<string, { value: number; details?: Record<string, number> }>;

export declare const SAMPLE_PREFIX: string;
export declare const IS_SAMPLE_PROCESS: boolean;
export declare const SAMPLE_ROUNDS: { minRounds: number; maxRounds: number };
export declare function reportSample(
  key: string,
  value: number,
  details?: Record<string, number>,
): void;
export declare function sampleProcess(
  script: string,
  options?: { env?: Record<string, string>; onLog?: (line: string) => void },
): Promise<Samples>;
export declare function medianOfProcesses(
  sample: (index: number) => Promise<Samples>,
  options?: { minProcesses?: number; maxProcesses?: number; precision?: number },
): Promise<Record<string, SampleResult>>;
