import type { RequestPipeline } from "@credport/core";
import { Page } from "../page.js";
import type { ListParams } from "../types.js";

/** GETs one page of a list and wires the page to fetch the following ones with the same filters. */
export async function fetchPage<W, T>(
  pipeline: RequestPipeline,
  path: string,
  params: ListParams,
  filters: Record<string, string | undefined>,
  map: (wire: W) => T,
  casing: "camel" | "snake",
): Promise<Page<T>> {
  const load = async (cursor: string | undefined): Promise<Page<T>> => {
    const { data } = await pipeline.request<Record<string, unknown>>({
      method: "GET",
      path,
      query: { ...filters, limit: params.limit, cursor },
      signal: params.signal,
      timeoutMs: params.timeoutMs,
      maxRetries: params.maxRetries,
    });
    const hasMore = Boolean(casing === "camel" ? data.hasMore : data.has_more);
    const nextCursor =
      ((casing === "camel" ? data.nextCursor : data.next_cursor) as string | null) ?? null;
    return new Page((data.data as W[]).map(map), hasMore, nextCursor, (next) => load(next));
  };
  return load(params.cursor);
}
