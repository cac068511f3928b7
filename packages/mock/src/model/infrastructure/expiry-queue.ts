interface Entry {
  at: number;
  /** Insertion order: entries due at the same time come out in the order they went in. */
  seq: number;
  id: string;
}

const before = (a: Entry, b: Entry) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/**
 * Record IDs by the time they expire (a binary min-heap), so that a sweep looks only at what is due
 * instead of at every record. Entries of records that ended early stay until their time comes and
 * are then skipped by the caller: cheaper than finding them in the heap.
 */
export class ExpiryQueue {
  private readonly heap: Entry[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  /** When the earliest entry is due, or `Infinity` when there is none. */
  get nextAt(): number {
    return this.heap[0]?.at ?? Number.POSITIVE_INFINITY;
  }

  add(id: string, at: number): void {
    const heap = this.heap;
    heap.push({ at, seq: this.seq++, id });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  }

  /** Removes and returns the IDs of every entry due at `now`, earliest first. */
  takeDue(now: number): string[] {
    const due: string[] = [];
    while (this.heap.length > 0 && this.heap[0]!.at <= now) due.push(this.pop());
    return due;
  }

  private pop(): string {
    const heap = this.heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < heap.length && before(heap[left]!, heap[smallest]!)) smallest = left;
        if (right < heap.length && before(heap[right]!, heap[smallest]!)) smallest = right;
        if (smallest === i) break;
        [heap[smallest], heap[i]] = [heap[i]!, heap[smallest]!];
        i = smallest;
      }
    }
    return top.id;
  }
}
