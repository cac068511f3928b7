import type { RequestPipeline } from "@credport/core";
import { loadContract } from "../contract.js";
import { Page } from "../page.js";
import type { ListParams } from "../types.js";
import { checkAnswer, checkInput, invalid, type Schema } from "../validation.js";

export interface ListSpec<W, T> {
  /** Names the call in errors, e.g. `policies.list`. */
  operation: string;
  path: string;
  /** The contract's query schema (wire names). */
  query: Schema<unknown>;
  /** The contract's page schema, in the resource's casing. */
  page: Schema<{ data: W[] } & Record<string, unknown>>;
  /** Filters in wire names, e.g. `{ lifecycle_status: params.lifecycleStatus }`. */
  filters?: (params: Record<string, unknown>) => Record<string, unknown>;
  map: (wire: W) => T;
  casing: "camel" | "snake";
}

/**
 * Checks the list parameters against the contract, GETs one page, checks it, and wires the page to
 * fetch the following ones with the same filters.
 */
export async function fetchPage<W, T>(
  pipeline: RequestPipeline,
  spec: ListSpec<W, T>,
  params: ListParams = {},
): Promise<Page<T>> {
  const { isPlainObject } = await loadContract();
  const given: unknown = params;
  if (!isPlainObject(given)) throw invalid("params", "must be an object");
  const filters = spec.filters?.(given) ?? {};
  checkInput(spec.query, drop({ limit: params.limit, cursor: params.cursor, ...filters }), {
    root: "params",
    snake: true,
  });
  const load = async (cursor: string | undefined): Promise<Page<T>> => {
    const response = await pipeline.request<unknown>({
      method: "GET",
      path: spec.path,
      query: { ...(filters as Record<string, string | undefined>), limit: params.limit, cursor },
      signal: params.signal,
      timeoutMs: params.timeoutMs,
      maxRetries: params.maxRetries,
    });
    const page = checkAnswer(spec.page, response, spec.operation);
    const hasMore = Boolean(spec.casing === "camel" ? page.hasMore : page.has_more);
    const nextCursor = ((spec.casing === "camel" ? page.nextCursor : page.next_cursor) ?? null) as
      | string
      | null;
    return new Page(page.data.map(spec.map), hasMore, nextCursor, (next) => load(next));
  };
  return load(params.cursor);
}

const drop = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
