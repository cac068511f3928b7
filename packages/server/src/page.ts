import { invalid } from "./validation.js";

/** How many items `toArray` may collect: required, so that a forgotten filter cannot pull a whole account into memory. */
export interface ToArrayOptions {
  /** A positive integer: collecting stops after this many items. */
  limit: number;
}

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

  /** Every item of this page and the following ones, fetched one page at a time. */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let page: Page<T> | null = this;
    while (page) {
      yield* page.data;
      page = await page.nextPage();
    }
  }

  /** Every item across pages, up to `limit` (required: `toArray({ limit: 1000 })`). */
  toArray(options: ToArrayOptions): Promise<T[]> {
    return collect(this, options);
  }
}

/**
 * What `list()` returns: a promise of the first page (`await` it for `data`, `hasMore`,
 * `nextPage()`) that is also async-iterable over every item of every page,
 * `for await (const v of credport.verifications.list())`, as stripe-node's lists are. Errors
 * (invalid params, the network, an aborted `signal` at the next page) reject the promise or throw
 * from the loop.
 */
export type PagePromise<T> = Promise<Page<T>> &
  AsyncIterable<T> & {
    /** Every item across pages, up to `limit` (required: `toArray({ limit: 1000 })`). */
    toArray(options: ToArrayOptions): Promise<T[]>;
  };

/**
 * Adds iteration to the first page's promise. Nothing is chained onto it until the caller awaits,
 * iterates or collects, so a rejection is reported once, to whoever uses it.
 */
export function pagePromise<T>(first: Promise<Page<T>>): PagePromise<T> {
  const listed: PagePromise<T> = Object.assign(first, {
    async *[Symbol.asyncIterator]() {
      yield* await first;
    },
    toArray: (options: ToArrayOptions) => collect(listed, options),
  });
  return listed;
}

async function collect<T>(items: AsyncIterable<T>, options: ToArrayOptions): Promise<T[]> {
  // `?.`: JavaScript callers may pass nothing at all.
  const limit = options?.limit;
  if (!Number.isInteger(limit) || limit < 1) {
    throw invalid("limit", "toArray needs a positive integer");
  }
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}
