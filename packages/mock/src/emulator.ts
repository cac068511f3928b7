import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { TrafficLog } from "./dashboard/traffic-log.js";
import { emulatorProject } from "./emulator-project.js";
import { faceHandler } from "./face/face-routes.js";
import { TEST_WALLET_PATH } from "./http/handoff-uris.js";
import { createRouter, DROP_CONNECTION } from "./http/router.js";
import { createModel, type Model } from "./model/model.js";
import { type ModelStore, openModelStore } from "./persistence/model-store.js";
import { checkPublicBaseUrl, wellKnownUnderBasePath } from "./protocol/public-base-url.js";
import { WalletSessions } from "./wallet-page/wallet-sessions.js";

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
  /**
   * Keep the whole model in this file: loaded at start (keys, definitions, sessions, issuer and
   * verifier keys… as they were), written after every change, atomically. A corrupt file, or one
   * of a newer format, makes the start fail with a `DataFileError` and is left untouched. Without
   * it nothing touches the disk.
   */
  dataFile?: string;
  /** Where a failed background write of {@link dataFile} is reported; default: `console.error`. */
  onDataFileError?: (error: unknown) => void;
}

export interface Emulator {
  /** Base URL of the service, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The base of every URL the emulator issues: `publicBaseUrl` when given, else {@link url}. */
  publicUrl: string;
  model: Model;
  /** The ready test-environment project's ID and keys (with `dataFile`, the same at every start). */
  projectId: string;
  keys: { secretKey: string; publishableKey: string; webhookSecret: string };
  /** The dashboard, at the emulator's root: keys, sessions, webhooks, requests, controls. */
  dashboardUrl: string;
  /** The test wallet page; `?uri=<offer or request URI>` opens one. */
  walletUrl: string;
  close(): Promise<void>;
}

/** Serves the mock over real HTTP on loopback, from the same routes as the msw handlers. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const publicBaseUrl =
    options.publicBaseUrl === undefined ? undefined : checkPublicBaseUrl(options.publicBaseUrl);
  const model = options.model ?? createModel();
  const store: ModelStore | undefined = options.dataFile
    ? await openModelStore(
        options.dataFile,
        model,
        options.onDataFileError ?? ((error) => console.error(error)),
      )
    : undefined;
  const router = createRouter(model, undefined, { servesTestWallet: true });
  const traffic = new TrafficLog(() => model.changes.notify());
  // The wallet page's wallets reach the public protocol endpoints through this emulator itself.
  const wallets = new WalletSessions((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const publicOrigin = new URL(publicBaseUrl ?? baseUrl).origin;
    const local = url.origin === publicOrigin ? `${baseUrl}${url.pathname}${url.search}` : url.href;
    return fetch(local, init);
  });
  let projectId = "";
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
    const startedAt = Date.now();
    const base = new URL(publicBaseUrl ?? baseUrl).pathname.replace(/\/$/, "");
    const underBase = base !== "" && (url.pathname === base || url.pathname.startsWith(`${base}/`));
    const face = faceHandler({
      model,
      request,
      url,
      path: underBase ? url.pathname.slice(base.length) || "/" : url.pathname,
      basePath: underBase ? base : "",
      publicBaseUrl: publicBaseUrl ?? baseUrl,
      localUrl: baseUrl,
      emulatorProjectId: projectId,
      traffic,
      wallets,
    });
    const result = face ? await face : await router.handle(request, publicBaseUrl ?? baseUrl);
    if (!face && req.method !== "OPTIONS") {
      const path = `${url.pathname.slice(underBase ? base.length : 0)}${url.search}`;
      traffic.record(request, path, result === DROP_CONNECTION ? null : result, startedAt);
    }
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
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    await store?.close(); // stops watching the model; the file keeps what it had
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const project = emulatorProject(model, store?.emulatorProjectId ?? null);
  projectId = project.projectId;
  if (store) {
    store.setEmulatorProjectId(project.projectId);
    await store.flush();
  }
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
    dashboardUrl: `${baseUrl}/`,
    walletUrl: `${baseUrl}${TEST_WALLET_PATH}`,
    close: async () => {
      clearInterval(sweeper);
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await store?.close();
    },
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
