/**
 * Contract tests, run around every test of the mock and server suites (a vitest setup file): every
 * request the server client sends and every answer the mock gives, through msw or the emulator,
 * is checked against the wire contract. One drift fails the test during which it happened.
 */
import { checkRequestConforms, checkResponseConforms } from "@credport/core/contract";
import type { SetupServer } from "msw/node";
import { afterEach } from "vitest";

/**
 * One watch per worker. Vitest runs this file again before each test file, while the files of a
 * worker share every other module (the suites' supports import their copy of this one once) and
 * the global fetch: a state per run would lose the drift found through an earlier copy, and a
 * fetch wrapper per run would wrap the last one (and a mock server's patch of it) again.
 */
interface Watch {
  drift: string[];
  pending: Set<Promise<void>>;
  emulatorOrigins: Set<string>;
  fetchWatched: boolean;
}
const WATCH = Symbol.for("credport.test.contract-watch");
const workerGlobals = globalThis as { [WATCH]?: Watch };
workerGlobals[WATCH] ??= {
  drift: [],
  pending: new Set(),
  emulatorOrigins: new Set(),
  fetchWatched: false,
};
const watch = workerGlobals[WATCH];
const { drift, pending, emulatorOrigins } = watch;

function track(work: Promise<void>): void {
  const done = work
    .catch((error) => {
      drift.push(`contract watch failed: ${String(error)}`);
    })
    .finally(() => pending.delete(done));
  pending.add(done);
}

/** Requests the server client sends: it is the only caller that says `credport-server/` in its user agent. */
const sentBySdk = (request: Request) =>
  (request.headers.get("user-agent") ?? "").startsWith("credport-server/");

const isServicePath = (url: URL) => url.pathname.startsWith("/v1/");

async function checkRequest(request: Request): Promise<void> {
  const url = new URL(request.url);
  if (!isServicePath(url) || !sentBySdk(request)) return;
  const text = await request.text();
  const problems = checkRequestConforms(request.method, url.pathname, {
    query: Object.fromEntries(url.searchParams),
    body: text === "" ? undefined : JSON.parse(text),
  });
  for (const problem of problems)
    drift.push(`request ${request.method} ${url.pathname}: ${problem}`);
}

async function checkResponse(request: Request, response: Response): Promise<void> {
  const url = new URL(request.url);
  if (!isServicePath(url)) return;
  const contentType = response.headers.get("content-type") ?? "";
  // A proxy's HTML page (the bad_gateway_html fault) is not an answer of the service.
  const json = contentType.includes("application/json");
  // This copy of a stream (or page) is not read. Not awaited: cancelling one branch of a tee
  // settles only once the other branch ends too.
  if (!json) void response.body?.cancel().catch(() => {});
  if (!json && !contentType.startsWith("text/event-stream")) return;
  let body: unknown;
  if (json) {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The caller aborted the request and left the answer unread: there is nothing to check.
      if (request.signal.aborted || (error as Error).name === "AbortError") return;
      throw error;
    }
    body = text === "" ? undefined : JSON.parse(text);
  }
  const problems = checkResponseConforms(request.method, url.pathname, {
    status: response.status,
    body,
    contentType,
  });
  for (const problem of problems)
    drift.push(`response to ${request.method} ${url.pathname} (${response.status}): ${problem}`);
}

/** Checks every exchange an msw server of the mock handles. */
export function watchMsw(server: SetupServer): void {
  server.events.on("request:start", ({ request }) => track(checkRequest(request.clone())));
  server.events.on("response:mocked", ({ request, response }) =>
    track(checkResponse(request, response.clone())),
  );
}

/** Checks every exchange with an emulator at this base URL (made through the global fetch). */
export function watchEmulator(baseUrl: string): void {
  emulatorOrigins.add(new URL(baseUrl).origin);
}

function watchFetch(): void {
  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!emulatorOrigins.has(url.origin)) return originalFetch(input, init);
    const request = new Request(input instanceof Request ? input.clone() : input, init);
    track(checkRequest(request.clone()));
    const response = await originalFetch(input, init);
    // A stream is checked by its content type alone: teeing it would outlive the caller's abort.
    const json = response.headers.get("content-type")?.includes("application/json");
    track(checkResponse(request, json ? response.clone() : headersOnly(response)));
    return response;
  };
}
if (!watch.fetchWatched) {
  watchFetch();
  watch.fetchWatched = true;
}

/** The answer without its body, for checks that need only the status and headers. */
const headersOnly = (response: Response) =>
  new Response(null, { status: response.status, headers: response.headers });

afterEach(async () => {
  while (pending.size > 0) await Promise.all([...pending]);
  if (drift.length > 0) {
    const found = drift.splice(0);
    throw new Error(`Drift from the wire contract (@credport/core/contract):\n${found.join("\n")}`);
  }
});
