import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRouter } from "./http/router.js";
import { createModel, type Model } from "./model/model.js";

/** Options of {@link startEmulator}; every one may be left out. */
export interface EmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1: the emulator is for this machine only. */
  host?: string;
  /** Serve an existing model (e.g. one made with other `limits`) instead of a new one. */
  model?: Model;
}

export interface Emulator {
  /** Base URL of the service, e.g. `http://127.0.0.1:4010`. */
  url: string;
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
  const model = options.model ?? createModel();
  const router = createRouter(model);
  let baseUrl = "";
  const server = createServer((req, res) => router.serveNode(req, res, baseUrl));

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
