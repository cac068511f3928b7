import type { OperationId, RequestPipeline } from "@credport/core";
import { contract } from "../contract.js";
import { loadOperation } from "../operation-method.js";
import { Page, type PagePromise, pagePromise } from "../page.js";
import type { ListParams } from "../types.js";
import { checkAnswer, checkInput, invalid, type Schema } from "../validation.js";
import { fromWire } from "../wire.js";

/** A list method, declared as data: the operation it calls (by ID) and the filters it passes on. */
export interface ListSpec {
  /** The operation's ID in the contract, e.g. `listPolicies`. */
  operation: OperationId;
  /** Filters in wire names, e.g. `{ lifecycle_status: params.lifecycleStatus }`. */
  filters?: (params: Record<string, unknown>) => Record<string, unknown>;
}

type WirePage = { data: object[] } & Record<string, unknown>;

/**
 * Checks the list parameters against the operation's query schema, GETs one page, checks it
 * against its answer schema (in its wire casing), and wires the page to fetch the following ones with
 * the same filters. `name` (e.g. `policies.list`) names the call in errors. Returns the first
 * page's promise, async-iterable over every item (`PagePromise`).
 */
export const listPages = <T>(
  pipeline: RequestPipeline,
  name: string,
  spec: ListSpec,
  params: ListParams = {},
): PagePromise<T> => pagePromise(fetchPage<T>(pipeline, name, spec, params));

async function fetchPage<T>(
  pipeline: RequestPipeline,
  name: string,
  spec: ListSpec,
  params: ListParams,
): Promise<Page<T>> {
  const { method, path, query, answer, snake } = await loadOperation(spec.operation);
  const given: unknown = params;
  if (!contract().isPlainObject(given)) throw invalid("params", "must be an object");
  const filters = spec.filters?.(given) ?? {};
  checkInput(
    query as Schema<unknown>,
    drop({ limit: params.limit, cursor: params.cursor, ...filters }),
    { root: "params", snake: true },
  );
  const load = async (cursor: string | undefined): Promise<Page<T>> => {
    const response = await pipeline.request<unknown>({
      method,
      path,
      query: { ...(filters as Record<string, string | undefined>), limit: params.limit, cursor },
      signal: params.signal,
      timeoutMs: params.timeoutMs,
      maxRetries: params.maxRetries,
      operationId: spec.operation,
    });
    const page = checkAnswer(answer as Schema<WirePage>, response, name);
    const hasMore = Boolean(snake ? page.has_more : page.hasMore);
    const nextCursor = ((snake ? page.next_cursor : page.nextCursor) ?? null) as string | null;
    const data = (snake ? page.data.map((item) => fromWire(item)) : page.data.slice()) as T[];
    return new Page(data, hasMore, nextCursor, (next) => load(next));
  };
  return load(params.cursor);
}

const drop = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
