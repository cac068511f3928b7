import type { Emulator } from "@credport/mock";

export declare const FAULT_KINDS: readonly string[];

export interface CallSummary {
  calls: number;
  /** Calls whose first try failed after the client's own retries. */
  failedCalls: number;
  failedTypes: Record<string, number>;
  mayHaveBeenApplied: number;
  /** Failed calls whose error carried no idempotency key (or another one than before). */
  withoutKey: number;
  /** Failed calls that an app-level retry with the error's key completed. */
  completedWithKey: number;
  neverCompleted: number;
  /** Calls without any effect in the service's state. */
  lost: number;
  /** Effects beyond one per call. */
  duplicated: number;
}

export interface CampaignResult {
  faultRate: number;
  concurrency: number;
  /** HTTP requests the client sent during the campaign. */
  attempts: number;
  elapsedMs: number;
  offers: CallSummary;
  publishes: CallSummary;
}

export declare function runFaultCampaign(options: {
  emulator: Emulator;
  offers: number;
  publishes: number;
  concurrency?: number;
  faultRate?: number;
}): Promise<CampaignResult>;
