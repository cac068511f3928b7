import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createModel, createRouter, DROP_CONNECTION, type Model } from "@credport/mock";

/**
 * The mock service over real HTTP, with one hook a man in the middle would have: rewriting the
 * JSON of `GET /v1/verifications/{id}/result` on its way to the app. Its base URL is its own, so
 * the result token's issuer is this URL, as it is for the real service.
 */
export async function startTamperingService() {
  const model: Model = createModel();
  const router = createRouter(model);
  let baseUrl = "";
  let rewriteResult: ((body: Record<string, unknown>) => Record<string, unknown>) | undefined;

  const server = createServer(async (req, res) => {
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      for (const v of [value ?? []].flat()) headers.append(name, v);
    const request = new Request(new URL(req.url ?? "/", baseUrl), {
      method: req.method,
      headers,
      body,
    });
    let response = await router.handle(request, baseUrl);
    if (response === DROP_CONNECTION) return void req.socket.destroy();
    if (
      rewriteResult &&
      /^\/v1\/verifications\/[^/]+\/result$/.test(new URL(request.url).pathname)
    ) {
      const json = (await response.json()) as Record<string, unknown>;
      response = Response.json(rewriteResult(json), { status: response.status });
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const project = model.createProject({ environment: "test" });
  const sweeper = setInterval(() => model.sweep(), 1000);
  sweeper.unref();

  return {
    url: baseUrl,
    model,
    project,
    tamper(rewrite: typeof rewriteResult) {
      rewriteResult = rewrite;
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweeper);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
