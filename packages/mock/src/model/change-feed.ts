/**
 * Tells live views (the emulator's dashboard, its data file) that the model changed. It outlives
 * `reset()`, so that a subscriber stays subscribed across one.
 */
export class ChangeFeed {
  private readonly listeners = new Set<() => void>();

  notify(): void {
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
