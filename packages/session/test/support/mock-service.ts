import { createHandlers, createModel, type Model } from "@credport/mock";
import { getResponse, HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

export const BASE = "https://api.credport.test";
export const APP = "https://app.test";
export const SECRET = "s".repeat(32);

// The files of a worker share modules, and so @credport/server's key sets, kept by the service's
// URL as in production: a new key at BASE in each file would be a rotation no cache expects. Every
// mock service at BASE signs with one key, as the emulator does across restarts with its data file.
let resultSigningKey: ReturnType<Model["signer"]["exportKey"]> | undefined;

/**
 * One in-memory Credport service per test file, served over msw, with a way to put a tampering
 * middlebox between the app and the service for one test. At `BASE` unless the file needs a
 * service URL whose key set no earlier file has fetched (`baseUrl`).
 */
export function setUpMockService({ baseUrl = BASE }: { baseUrl?: string } = {}) {
  const model = createModel();
  const project = model.createProject();
  const handlers = createHandlers(model, { baseUrl });
  const server = setupServer(...handlers);
  beforeAll(async () => {
    resultSigningKey ??= model.signer.exportKey();
    model.signer.restoreKey(await resultSigningKey);
    server.listen({ onUnhandledRequest: "bypass" });
  });
  afterEach(() => {
    server.resetHandlers();
    model.requestLog.length = 0;
  });
  afterAll(() => server.close());

  /** Rewrites the JSON of the result endpoint as a proxy between the app and the service could. */
  const tamperResult = (rewrite: (body: Record<string, unknown>) => Record<string, unknown>) =>
    server.use(
      http.get(`${baseUrl}/v1/verifications/:id/result`, async ({ request }) => {
        const original = await getResponse(handlers, request);
        const body = (await original!.json()) as Record<string, unknown>;
        return HttpResponse.json(rewrite(body), { status: original!.status });
      }),
    );

  /** Moves a verification to `verified` as a wallet presenting these claims would. */
  const verify = (id: string, claims: Record<string, unknown> = { age_over_18: true }) => {
    model.verifications.applyTrigger(id, "request_fetched");
    model.verifications.applyTrigger(id, "presentation_verified", {
      claims: claims as never,
    });
  };
  const resultCalls = () => model.requestLog.filter((r) => r.path.endsWith("/result")).length;
  const serviceCalls = () => model.requestLog.length;

  return { model, project, server, handlers, tamperResult, verify, resultCalls, serviceCalls };
}
