import { validationError } from "./errors.js";

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** `limit` (1..100, default 20) and `cursor` (opaque; the key of the last item seen), parsed by the contract. */
export interface PageQuery {
  limit?: string | number;
  cursor?: string;
}

export function paginate<T>(items: T[], query: PageQuery, keyOf: (item: T) => string): Page<T> {
  const limit = query.limit === undefined ? 20 : Number(query.limit);
  let start = 0;
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    const index = items.findIndex((item) => keyOf(item) === after);
    if (index === -1)
      throw validationError("cursor: unknown or expired cursor", { field: "cursor" });
    start = index + 1;
  }
  const data = items.slice(start, start + limit);
  const hasMore = start + limit < items.length;
  const last = data.at(-1);
  return { data, hasMore, nextCursor: hasMore && last ? encodeCursor(keyOf(last)) : null };
}

const encodeCursor = (key: string) => Buffer.from(key, "utf8").toString("base64url");
const decodeCursor = (cursor: string) => Buffer.from(cursor, "base64url").toString("utf8");
