/** The realtime channel's switch: off, `/events` answers 503 and open streams end. */
export class Realtime {
  available = true;
  private readonly listeners = new Set<(available: boolean) => void>();

  setAvailable(available: boolean): void {
    this.available = available;
    for (const listener of this.listeners) listener(available);
  }

  onChange(listener: (available: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
