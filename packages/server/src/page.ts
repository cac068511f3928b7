import { invalid } from "./validation.js";

/** One page of a list, async-iterable across all following pages. */
export class Page<T> implements AsyncIterable<T> {
  constructor(
    readonly data: T[],
    readonly hasMore: boolean,
    readonly nextCursor: string | null,
    private readonly fetchNext: (cursor: string) => Promise<Page<T>>,
  ) {}

  /** The next page, or `null` after the last one. */
  async nextPage(): Promise<Page<T> | null> {
    return this.hasMore && this.nextCursor ? this.fetchNext(this.nextCursor) : null;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let page: Page<T> | null = this;
    while (page) {
      yield* page.data;
      page = await page.nextPage();
    }
  }

  /**
   * Every item across pages, up to `limit` (default 1,000): a cap, so that a forgotten filter
   * cannot pull a whole account into memory.
   */
  async toArray(options: { limit?: number | undefined } = {}): Promise<T[]> {
    const limit = options.limit ?? 1000;
    if (!Number.isInteger(limit) || limit < 1) {
      throw invalid("limit", "toArray needs a positive integer");
    }
    const out: T[] = [];
    for await (const item of this) {
      out.push(item);
      if (out.length >= limit) break;
    }
    return out;
  }
}
