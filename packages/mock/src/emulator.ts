import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { createRouter, DROP_CONNECTION } from "./http/router.js";
import { createModel, type Model } from "./model/model.js";
import { checkPublicBaseUrl, wellKnownUnderBasePath } from "./protocol/public-base-url.js";

export interface EmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1: the emulator is for this machine only. */
  host?: string;
  /** Serve an existing model instead of a new one. */
  model?: Model;
  /**
   * Where wallets and browsers reach the emulator when it sits behind an HTTPS reverse proxy or a
   * tunnel, e.g. `https://abc.tunnel.example` (a path is allowed: the proxy then forwards that
   * path and `/.well-known/*`). Every URL the emulator hands out — offers, issuer metadata,
   * request objects, response URIs, status lists, `iss` of credentials and results — is on this
   * base. Default: the emulator's own address.
   */
  publicBaseUrl?: string;
}

export interface Emulator {
  /** Base URL of the service, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The base of every URL the emulator issues: `publicBaseUrl` when given, else {@link url}. */
  publicUrl: string;
  model: Model;
  /** The ready test-environment project's ID and keys. */
  projectId: string;
  keys: { secretKey: string; publishableKey: string; webhookSecret: string };
  close(): Promise<void>;
}

/** Serves the mock over real HTTP on loopback, from the same routes as the msw handlers. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const publicBaseUrl =
    options.publicBaseUrl === undefined ? undefined : checkPublicBaseUrl(options.publicBaseUrl);
  const model = options.model ?? createModel();
  const router = createRouter(model);
  let baseUrl = "";
  const server = createServer((req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const url = new URL(req.url ?? "/", baseUrl);
    if (publicBaseUrl) url.pathname = wellKnownUnderBasePath(url.pathname, publicBaseUrl);
    const request = new Request(url, {
      method: req.method,
      headers: toHeaders(req),
      body: hasBody ? new Uint8Array(await readBody(req)) : undefined,
      signal: abort.signal,
    });
    const result = await router.handle(request, publicBaseUrl ?? baseUrl);
    if (result === DROP_CONNECTION) {
      req.socket.destroy();
      return;
    }
    res.writeHead(result.status, Object.fromEntries(result.headers));
    if (!result.body) {
      res.end();
      return;
    }
    // Streams (realtime) are flushed as they come.
    const body = Readable.fromWeb(result.body as import("node:stream/web").ReadableStream);
    body.on("error", () => res.destroy());
    body.pipe(res);
  }

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const project = model.createProject({ environment: "test" });
  const sweeper = setInterval(() => model.sweep(), 1000);
  sweeper.unref();

  return {
    url: baseUrl,
    publicUrl: publicBaseUrl ?? baseUrl,
    model,
    projectId: project.projectId,
    keys: {
      secretKey: project.secretKey,
      publishableKey: project.publishableKey,
      webhookSecret: project.webhookSecret,
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(sweeper);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
