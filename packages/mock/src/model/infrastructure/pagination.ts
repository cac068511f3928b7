import { validationError } from "./errors.js";

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** `limit` (1..100, default 20) and `cursor` (opaque; the key of the last item seen), parsed by the contract. */
export interface PageQuery {
  limit?: string | number | undefined;
  cursor?: string | undefined;
}

export function paginate<T>(items: T[], query: PageQuery, keyOf: (item: T) => string): Page<T> {
  const limit = pageLimit(query);
  let start = 0;
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    const index = items.findIndex((item) => keyOf(item) === after);
    if (index === -1) throw unknownCursor();
    start = index + 1;
  }
  const data = items.slice(start, start + limit);
  const hasMore = start + limit < items.length;
  const last = data.at(-1);
  return { data, hasMore, nextCursor: hasMore && last ? encodeCursor(keyOf(last)) : null };
}

/**
 * One page of `items` read from the end (newest first), starting before the item the cursor names,
 * without copying or filtering the whole list: the cost is the page, not the list.
 */
export function paginateNewestFirst<T>(
  items: readonly T[],
  query: PageQuery,
  keyOf: (item: T) => string,
  positionOf: (key: string) => number | undefined,
  matches: (item: T) => boolean = () => true,
): Page<T> {
  const limit = pageLimit(query);
  let index = items.length - 1;
  if (query.cursor) {
    const position = positionOf(decodeCursor(query.cursor));
    if (position === undefined) throw unknownCursor();
    index = position - 1;
  }
  const data: T[] = [];
  let hasMore = false;
  for (; index >= 0; index--) {
    const item = items[index]!;
    if (!matches(item)) continue;
    if (data.length === limit) {
      hasMore = true;
      break;
    }
    data.push(item);
  }
  const last = data.at(-1);
  return { data, hasMore, nextCursor: hasMore && last ? encodeCursor(keyOf(last)) : null };
}

const pageLimit = (query: PageQuery) => (query.limit === undefined ? 20 : Number(query.limit));

const unknownCursor = () =>
  validationError("cursor: unknown or expired cursor", { field: "cursor" });
const encodeCursor = (key: string) => Buffer.from(key, "utf8").toString("base64url");
const decodeCursor = (cursor: string) => Buffer.from(cursor, "base64url").toString("utf8");
