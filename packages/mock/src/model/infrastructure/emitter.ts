/**
 * The model's one listener mechanism: `emit` calls every listener with the value, in subscription
 * order; `subscribe` returns the function that unsubscribes it.
 */
export class Emitter<T = void> {
  private readonly listeners = new Set<(value: T) => void>();

  /** How many listeners are subscribed. */
  get size(): number {
    return this.listeners.size;
  }

  emit(value: T): void {
    // Most emits (one per request, in the emulator) have no listener: no iterator for them.
    if (this.listeners.size === 0) return;
    for (const listener of this.listeners) listener(value);
  }

  subscribe(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
