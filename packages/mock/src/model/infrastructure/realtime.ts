import { Emitter } from "./emitter.js";
import { ModelError } from "./errors.js";
import { DEFAULT_MODEL_LIMITS } from "./limits.js";

/** The realtime channel: its switch (off: `/events` answers 503 and open streams end) and its streams. */
export class Realtime {
  available = true;
  private readonly listeners = new Emitter<boolean>();
  private open = 0;

  constructor(private readonly maxStreams: number = DEFAULT_MODEL_LIMITS.realtimeStreams) {}

  setAvailable(available: boolean): void {
    this.available = available;
    this.listeners.emit(available);
  }

  onChange(listener: (available: boolean) => void): () => void {
    return this.listeners.subscribe(listener);
  }

  /** Streams open now. */
  get openStreams(): number {
    return this.open;
  }

  /**
   * Takes a place for one stream; returns the function that gives it back. Off, or with
   * `limits.realtimeStreams` streams open, it is 503 realtime_unavailable: clients poll instead.
   */
  openStream(): () => void {
    if (!this.available) throw realtimeUnavailable("The realtime channel is unavailable");
    if (this.open >= this.maxStreams) {
      throw realtimeUnavailable(`${this.maxStreams} realtime streams are open already`);
    }
    this.open += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open -= 1;
    };
  }
}

const realtimeUnavailable = (why: string) =>
  new ModelError(503, "realtime_unavailable", `${why}; poll the status endpoint instead.`);
