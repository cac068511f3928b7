import { Emitter } from "./emitter.js";

/**
 * Tells live views (the emulator's dashboard, its data file) that the model changed. It outlives
 * `reset()`, so that a subscriber stays subscribed across one.
 */
export class ChangeFeed {
  private readonly listeners = new Emitter();

  notify(): void {
    this.listeners.emit();
  }

  subscribe(listener: () => void): () => void {
    return this.listeners.subscribe(listener);
  }
}
