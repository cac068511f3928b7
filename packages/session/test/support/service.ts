import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createModel, createRouter, DROP_CONNECTION, type Model } from "@credport/mock";
import { rememberSecret } from "./telemetry-scan.js";

type Rewrite = (
  body: Record<string, unknown>,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

/**
 * The mock service over real HTTP, as the apps under test reach it, with the one hook a man in the
 * middle would have: rewriting the JSON of `GET /v1/verifications/{id}/result` on its way to the
 * app. Its base URL is its own, so result tokens are issued by this URL, as by the real service.
 */
export async function startService() {
  const model: Model = createModel();
  const router = createRouter(model);
  let baseUrl = "";
  let rewriteResult: Rewrite | undefined;
  /** The bodies of `POST /v1/verifications`, in order (what the app asked the service for). */
  const createBodies: Record<string, unknown>[] = [];
  const createAnswers: Record<string, unknown>[] = [];

  const server = createServer(async (req, res) => {
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      for (const v of [value ?? []].flat()) headers.append(name, v);
    const request = new Request(new URL(req.url ?? "/", baseUrl), {
      ...(req.method ? { method: req.method } : {}),
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const creates = req.method === "POST" && new URL(request.url).pathname === "/v1/verifications";
    if (creates) createBodies.push(JSON.parse(body ?? "{}"));
    let response = await router.handle(request, baseUrl);
    if (response === DROP_CONNECTION) return void req.socket.destroy();
    if (creates && response.status === 201) createAnswers.push(await response.clone().json());
    if (
      rewriteResult &&
      /^\/v1\/verifications\/[^/]+\/result$/.test(new URL(request.url).pathname)
    ) {
      const json = (await response.json()) as Record<string, unknown>;
      response = Response.json(await rewriteResult(json), { status: response.status });
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const project = model.createProject({ environment: "test" });

  return {
    url: baseUrl,
    model,
    project,
    /** Rewrites the result endpoint's JSON until `tamper(undefined)`. */
    tamper(rewrite: Rewrite | undefined) {
      rewriteResult = rewrite;
    },
    /** Moves a verification to `verified` as a wallet presenting these claims would. */
    verify(id: string, claims: Record<string, unknown> = { age_over_18: true }) {
      for (const value of Object.values(claims)) rememberSecret(value);
      model.verifications.applyTrigger(id, "request_fetched");
      model.verifications.applyTrigger(id, "presentation_verified", { claims: claims as never });
    },
    /** The bodies of `POST /v1/verifications` the app sent, in order. */
    createBodies,
    /** The service's answers to those that created a verification, in order. */
    createAnswers,
    /** Requests the app made to the service since the last `forgetCalls()`. */
    calls: () => model.requestLog.length,
    resultCalls: () => model.requestLog.filter((r) => r.path.endsWith("/result")).length,
    forgetCalls() {
      model.requestLog.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Service = Awaited<ReturnType<typeof startService>>;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
