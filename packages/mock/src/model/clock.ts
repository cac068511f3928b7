/**
 * The service's clock: real time plus an offset that tests move forward. Moving it runs whatever
 * became due (expiries), so tests never wait for real time.
 */
export class Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<() => void>();

  now(): number {
    return Date.now() + this.offsetMs;
  }

  iso(at: number = this.now()): string {
    return new Date(at).toISOString();
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("clock.advance: ms must be >= 0");
    this.offsetMs += ms;
    for (const listener of this.listeners) listener();
    return this.now();
  }

  /** How far the clock was moved ahead of real time, in ms. */
  get offset(): number {
    return this.offsetMs;
  }

  /** Puts back an offset saved by the emulator's data file (no expiries run here). */
  restoreOffset(ms: number): void {
    this.offsetMs = ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }

  /** Called after every advance; the model sweeps expiries here. */
  onAdvance(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
