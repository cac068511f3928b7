import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { CredportTelemetry } from "@credport/core";
import {
  type AttestationTrust,
  createModel,
  createRouter,
  type Model,
  type ProtocolProfile,
  type TrustedIssuerRoot,
} from "@credport/mock";
import { errorReply, TEST_WALLET_PATH, testWalletUrlOf } from "@credport/mock/engine";
import { TrafficLog } from "./dashboard/traffic-log.js";
import { emulatorProject } from "./emulator-project.js";
import { serveFace } from "./face/face-server.js";
import { faceRoute } from "./face-routes.js";
import { type ServedRequest, serveNode, writeNodeAnswer } from "./http/node-transport.js";
import { protocolSpans } from "./http/protocol-spans.js";
import { type AllowedHosts, RequestGuard } from "./http/request-guard.js";
import { type ModelStore, openModelStore } from "./persistence/model-store.js";
import { checkPublicBaseUrl, wellKnownUnderBasePath } from "./public-base-url.js";
import { WalletSessions } from "./wallet-page/wallet-sessions.js";
import { forwardWebhooks } from "./webhook-forwarding.js";

/** Options of {@link startEmulator}; every one may be left out. */
export interface EmulatorOptions {
  /**
   * OpenTelemetry (`{ tracerProvider: trace }` from `@opentelemetry/api`): a SERVER span per
   * protocol step a wallet takes (`oid4vp.request_fetched`, `oid4vp.response_received`,
   * `oid4vci.token`, `oid4vci.credential`, …) and per API operation (by its operation ID).
   */
  telemetry?: CredportTelemetry | undefined;
  /** 0 (the default) picks a free port. */
  port?: number | undefined;
  /** Defaults to 127.0.0.1: the emulator is for this machine only. */
  host?: string | undefined;
  /** Serve an existing model (e.g. one made with other `limits`) instead of a new one. */
  model?: Model | undefined;
  /**
   * Where wallets and browsers reach the emulator when it sits behind an HTTPS reverse proxy or a
   * tunnel, e.g. `https://abc.tunnel.example` (a path is allowed: the proxy then forwards that
   * path and `/.well-known/*`). Every URL the emulator hands out — offers, issuer metadata,
   * request objects, response URIs, status lists, `iss` of credentials and results — is on this
   * base. Default: the emulator's own address.
   */
  publicBaseUrl?: string | undefined;
  /**
   * Keep the whole model in this file: loaded at start (keys, definitions, sessions, issuer and
   * verifier keys… as they were), written after every change, atomically. A corrupt file, or one
   * of a newer format, makes the start fail with a `DataFileError` and is left untouched. Without
   * it nothing touches the disk.
   */
  dataFile?: string | undefined;
  /** Where a failed background write of {@link dataFile} is reported; default: `console.error`. */
  onDataFileError?: ((error: unknown) => void) | undefined;
  /**
   * More `Host` names to answer, as Vite's `server.allowedHosts`: `abc.tunnel.example`, or
   * `.tunnel.example` for it and its subdomains; `true` answers any name (no protection against
   * DNS rebinding). The emulator always answers localhost, `*.localhost`, IP addresses, {@link host}
   * and {@link publicBaseUrl}'s host; a request under another name is 403 `host_not_allowed`, since
   * a web page whose name was rebound to 127.0.0.1 would otherwise read the keys.
   * CLI: `--allowed-hosts`.
   */
  allowedHosts?: AllowedHosts | undefined;
  /**
   * Deliver webhooks to link-local and cloud metadata addresses too (169.254.0.0/16, fe80::/10,
   * `metadata.google.internal`…), which are refused by default: a webhook endpoint there would
   * make the emulator fetch the machine's cloud credentials and show the answer. Applies to the
   * model the emulator makes; a {@link model} you pass keeps its own `createModel` options.
   * CLI: `--allow-link-local-webhooks`.
   */
  allowLinkLocalWebhooks?: boolean | undefined;
  /**
   * Deliver the ready test project's webhook events to this URL (your app's webhook route, e.g.
   * `http://localhost:3000/api/credport/webhooks`), signed with its webhook secret, as
   * `stripe listen --forward-to` does. With {@link dataFile}, a later start with the same URL keeps
   * the same endpoint and secret; a start with another URL, or none, removes it. Every delivery
   * attempt is on the dashboard's webhooks page and in `model.notices`. CLI:
   * `--forward-webhooks-to`, or `CREDPORT_FORWARD_WEBHOOKS_TO` in the `--env-file`.
   */
  forwardWebhooksTo?: string | undefined;
  /**
   * The protocol profile wallets meet (default `"haip"`; `"plain"` for wallets without HAIP). With
   * {@link EmulatorOptions.model}, the model's own profile counts and this is ignored.
   */
  profile?: ProtocolProfile | undefined;
  /**
   * Under the `"haip"` profile, how the verifiers name themselves: `"x509_hash"` (default, HAIP)
   * or `"x509_san_dns"` (the public URL's host). Ignored with {@link EmulatorOptions.model}. CLI:
   * `--client-id-prefix`.
   */
  verifierClientIdPrefix?: "x509_hash" | "x509_san_dns" | undefined;
  /**
   * Under the `"haip"` profile, the wallet providers whose wallet and key attestations the issuer
   * trusts, and whether it requires them (default: none trusted, none required). Ignored with
   * {@link EmulatorOptions.model}. CLI: `--trust-wallet-provider`, `--require-attestations`.
   */
  attestations?: AttestationTrust | undefined;
  /**
   * Root certificates of other issuers whose credentials the emulator's verifier accepts beside
   * its own: PEM strings (one or more certificates each) or DER bytes. An SD-JWT VC whose `x5c`, or
   * an mdoc whose `x5chain`, ends at one of them verifies like one of the emulator's own (its status
   * list is not read); under `"haip"` their key identifiers are in DCQL `trusted_authorities`.
   * Each must be a CA certificate valid now, else the start fails naming it. The dashboard lists
   * them. Ignored with {@link EmulatorOptions.model} (pass `trustedIssuers` to `createModel`).
   * CLI: `--trust-issuer <pem file>`.
   */
  trustedIssuers?: readonly TrustedIssuerRoot[] | undefined;
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
  /** The endpoint registered by {@link EmulatorOptions.forwardWebhooksTo}, if any. */
  forwardedWebhooks?: { endpointId: string; url: string };
  /**
   * The test CA's root certificate (PEM): what a wallet trusts to accept the emulator's verifiers
   * and issuers under the HAIP profile. Also served at `GET /__emulator/ca.pem`; with `dataFile`,
   * the same at every start.
   */
  caCertificatePem: string;
  /** The dashboard, at the emulator's root: keys, sessions, webhooks, requests, controls. */
  dashboardUrl: string;
  /** The test wallet page; `?uri=<offer or request URI>` opens one. */
  walletUrl: string;
  /**
   * The test wallet link of a test-environment offer (`iss_…`) or verification (`ver_…`): the
   * `testWalletUrl` / `test_wallet_url` its create answer carried. `undefined` for an unknown ID or
   * a live-environment record.
   */
  testWalletUrlOf(id: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/** Requests that may change the model: after one, the data file (if any) is written again. */
const WRITES = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/**
 * Serves the mock over real HTTP on loopback, from the same routes and model as the msw handlers,
 * through the router's node:http path (no Fetch objects per request). Its own pages — the
 * dashboard and the test wallet page — are looked up before the routes. While it runs, expiries
 * happen in real time too.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const publicBaseUrl =
    options.publicBaseUrl === undefined ? undefined : checkPublicBaseUrl(options.publicBaseUrl);
  // The emulator's own origins and names, known once it listens.
  let ownOrigins: string[] = [];
  let ownHostnames: string[] = [];
  const guard = new RequestGuard({
    allowedHosts: options.allowedHosts ?? [],
    origins: () => ownOrigins,
    hostnames: () => ownHostnames,
  });
  const model =
    options.model ??
    createModel({
      ...(options.allowLinkLocalWebhooks ? { allowLinkLocalWebhooks: true } : {}),
      ...(options.profile === undefined ? {} : { profile: options.profile }),
      ...(options.verifierClientIdPrefix === undefined
        ? {}
        : { verifierClientIdPrefix: options.verifierClientIdPrefix }),
      ...(options.attestations === undefined ? {} : { attestations: options.attestations }),
      ...(options.trustedIssuers === undefined ? {} : { trustedIssuers: options.trustedIssuers }),
    });
  const store: ModelStore | undefined = options.dataFile
    ? await openModelStore(
        options.dataFile,
        model,
        options.onDataFileError ?? ((error) => console.error(error)),
      )
    : undefined;
  const traffic = new TrafficLog();
  const router = createRouter(model, undefined, { servesTestWallet: true });
  const traceServed = protocolSpans(options.telemetry);
  const onServed = (served: ServedRequest) => {
    traffic.record(served);
    traceServed?.(served);
    // Most of the model changes without a webhook (a definition, a key): tell the data file.
    if (WRITES.has(served.method)) model.changes.notify();
  };
  // The wallet page's wallets reach the public protocol endpoints through this emulator itself.
  const wallets = new WalletSessions(
    (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const publicOrigin = new URL(publicBaseUrl ?? baseUrl).origin;
      const local =
        url.origin === publicOrigin ? `${baseUrl}${url.pathname}${url.search}` : url.href;
      return fetch(local, init);
    },
    () => model.ca.rootPem(),
  );
  let projectId = "";
  let baseUrl = "";
  let basePath = "";
  const host = options.host ?? "127.0.0.1";
  // Duplicate header lines are joined as Fetch joins them, so that `req.headers` reads as the
  // mock's Fetch transport does (./http/node-transport.ts): node would keep only the first of some.
  const server = createServer({ joinDuplicateHeaders: true }, (req, res) => {
    const raw = req.url ?? "/";
    const query = raw.indexOf("?");
    let path = query === -1 ? raw : raw.slice(0, query);
    // Behind a proxy with a base path, well-known documents arrive at the origin's root.
    if (publicBaseUrl) {
      path = wellKnownUnderBasePath(path, publicBaseUrl);
      req.url = `${path}${query === -1 ? "" : raw.slice(query)}`;
    }
    const underBase = basePath !== "" && (path === basePath || path.startsWith(`${basePath}/`));
    const pagePath = underBase ? path.slice(basePath.length) || "/" : path;
    const refusal = guard.refusal(req, pagePath);
    if (refusal) {
      writeNodeAnswer(res, errorReply(refusal));
      return;
    }
    const page = faceRoute(req.method ?? "GET", pagePath);
    if (!page) {
      serveNode(router, req, res, publicBaseUrl ?? baseUrl, onServed);
      return;
    }
    const context = {
      model,
      path: pagePath,
      basePath: underBase ? basePath : "",
      publicBaseUrl: publicBaseUrl ?? baseUrl,
      localUrl: baseUrl,
      emulatorProjectId: projectId,
      traffic,
      wallets,
    };
    serveFace(req, res, page, context, baseUrl).then(() => {
      if (WRITES.has(req.method ?? "")) model.changes.notify();
    });
  });

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
  basePath = new URL(publicBaseUrl ?? baseUrl).pathname.replace(/\/$/, "");
  const own = [new URL(baseUrl), new URL(publicBaseUrl ?? baseUrl)];
  ownOrigins = own.map((url) => url.origin);
  ownHostnames = own.map((url) => url.hostname.replace(/^\[|\]$/g, ""));
  const project = emulatorProject(model, store?.emulatorProjectId ?? null);
  projectId = project.projectId;
  let forwarded: ReturnType<typeof forwardWebhooks>;
  try {
    forwarded = forwardWebhooks(model, project, options.forwardWebhooksTo);
  } catch (error) {
    await new Promise((resolve) => server.close(resolve));
    await store?.close();
    throw error;
  }
  if (store) {
    store.setEmulatorProjectId(project.projectId);
    await store.flush();
  }
  // Made (or read from the data file) now: the CLI prints where it is, tests read it here.
  const caCertificatePem = await model.ca.rootPem();
  await store?.flush();
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
    ...(forwarded ? { forwardedWebhooks: { endpointId: forwarded.id, url: forwarded.url } } : {}),
    caCertificatePem,
    dashboardUrl: `${baseUrl}/`,
    walletUrl: `${baseUrl}${TEST_WALLET_PATH}`,
    testWalletUrlOf: (id) => testWalletUrlOf(model, publicBaseUrl ?? baseUrl, id),
    close: async () => {
      stopExpiring();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await store?.close();
    },
  };
}
