import { Emitter } from "./emitter.js";
import { validationError } from "./errors.js";

/**
 * The latest time the clock may show. Later times would still be dates, but ISO strings past year
 * 9999 need six-digit years, and a credential's one-year `exp` must stay a valid date too.
 */
export const CLOCK_MAX = Date.UTC(9999, 0, 1);

/**
 * The service's clock: real time plus an offset that tests move forward. Moving it runs whatever
 * became due (expiries), so tests never wait for real time.
 */
export class Clock {
  private aheadMs = 0;
  private readonly listeners = new Emitter();

  now(): number {
    return Date.now() + this.aheadMs;
  }

  /**
   * The service's time at a real time read earlier (`Date.now()`), with the clock's offset as it
   * is now: a request's handling reads the real clock once and takes its times from that reading
   * (each read is a call into the runtime, and a status read made five).
   */
  at(realMs: number): number {
    return realMs + this.aheadMs;
  }

  iso(at: number = this.now()): string {
    return new Date(at).toISOString();
  }

  /**
   * Moves the clock `ms` forward and returns the new time. Refused (400 validation_error naming
   * `ms`, the clock unchanged) for anything but a finite number >= 0, or a move past {@link CLOCK_MAX}.
   */
  advance(ms: number): number {
    if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
      throw validationError("ms: must be a finite number of milliseconds >= 0", { field: "ms" });
    }
    const now = this.now();
    if (ms > CLOCK_MAX - now) {
      throw validationError(
        `ms: would move the clock past ${this.iso(CLOCK_MAX)}; at most ${CLOCK_MAX - now} from now`,
        { field: "ms" },
      );
    }
    this.aheadMs += ms;
    this.listeners.emit();
    return this.now();
  }

  /** How far the clock was moved ahead of real time, in milliseconds. */
  get offsetMs(): number {
    return this.aheadMs;
  }

  /** Puts back an offset saved by the emulator's data file (no expiries run here). */
  restoreOffset(ms: number): void {
    this.aheadMs = ms;
  }

  reset(): void {
    this.aheadMs = 0;
  }

  /** Called after every advance; the model sweeps expiries here. */
  onAdvance(listener: () => void): () => void {
    return this.listeners.subscribe(listener);
  }
}
