import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRouter } from "./http/router.js";
import { createModel, type Model } from "./model/model.js";
import { checkPublicBaseUrl, wellKnownUnderBasePath } from "./protocol/public-base-url.js";

/** Options of {@link startEmulator}; every one may be left out. */
export interface EmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1: the emulator is for this machine only. */
  host?: string;
  /** Serve an existing model (e.g. one made with other `limits`) instead of a new one. */
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

/**
 * Serves the mock over real HTTP on loopback, from the same routes and model as the msw handlers,
 * through the router's node:http path (no Fetch objects per request). While it runs, expiries
 * happen in real time too.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const publicBaseUrl =
    options.publicBaseUrl === undefined ? undefined : checkPublicBaseUrl(options.publicBaseUrl);
  const model = options.model ?? createModel();
  const router = createRouter(model);
  let baseUrl = "";
  const server = createServer((req, res) => {
    // Behind a proxy with a base path, well-known documents arrive at the origin's root.
    if (publicBaseUrl && req.url) {
      const query = req.url.indexOf("?");
      const path = query === -1 ? req.url : req.url.slice(0, query);
      req.url = `${wellKnownUnderBasePath(path, publicBaseUrl)}${query === -1 ? "" : req.url.slice(query)}`;
    }
    router.serveNode(req, res, publicBaseUrl ?? baseUrl);
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const project = model.createProject({ environment: "test" });
  const stopExpiring = model.keepExpiring();

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
        stopExpiring();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
