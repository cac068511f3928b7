import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type BrowserSession, describeEngines, type Tab } from "@credport/test-browsers";
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";

/**
 * The browser status client's hardening (issue 13), in a real browser: a hostile status service on
 * loopback (its clock, realtime stream and answers scripted per verification), and an app page
 * with the built package bundled as an app would ship it.
 */
const PK = `pk_test_${"p".repeat(24)}`;
const MINUTE = 60_000;

type Status = "pending" | "in_progress" | "verified" | "failed" | "expired" | "canceled";
interface Verification {
  id: string;
  status: Status;
  expiresAt: string;
  /** The service's clock minus the real one. */
  clockOffsetMs: number;
  events: "stream" | "stall";
  open: Set<ServerResponse>;
}
const verifications = new Map<string, Verification>();
const seenByService: { path: string; authorization: string | undefined }[] = [];

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, x-publishable-key, content-type",
  "access-control-expose-headers": "date, retry-after, x-request-id",
};

const wire = (v: Verification) =>
  JSON.stringify({
    object: "verification_status",
    id: v.id,
    status: v.status,
    expires_at: v.expiresAt,
  });

function serveStatus(req: IncomingMessage, res: ServerResponse) {
  if (req.method === "OPTIONS") return res.writeHead(204, CORS).end();
  const match = /^\/v1\/verifications\/([^/]+)\/(status|events)$/.exec(req.url ?? "");
  const v = match ? verifications.get(match[1]!) : undefined;
  seenByService.push({ path: req.url ?? "", authorization: req.headers.authorization });
  if (!match || !v) {
    return res
      .writeHead(404, { ...CORS, "content-type": "application/json" })
      .end('{"object":"error","code":"not_found","message":"no such verification"}');
  }
  const headers = { ...CORS, date: new Date(Date.now() + v.clockOffsetMs).toUTCString() };
  if (match[2] === "status") {
    return res.writeHead(200, { ...headers, "content-type": "application/json" }).end(wire(v));
  }
  res.writeHead(200, { ...headers, "content-type": "text/event-stream" });
  res.write(`retry: 2000\n\nevent: status\ndata: ${wire(v)}\n\n`);
  v.open.add(res);
  res.on("close", () => v.open.delete(res));
}

let service: Server;
let serviceUrl: string;
let app: Server;
let appUrl: string;
let startAnswer: Record<string, unknown> = {};
let session: BrowserSession | undefined;
let nextId = 0;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  service = createServer(serveStatus);
  serviceUrl = `http://127.0.0.1:${await listen(service)}`;
  const bundle = await build({
    stdin: {
      contents: `import { createStatusClient, createVerificationFlow } from "@credport/browser";
        Object.assign(window, { credport: { createStatusClient, createVerificationFlow } });`,
      resolveDir: fileURLToPath(new URL(".", import.meta.url)),
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    minify: true,
  });
  const script = bundle.outputFiles[0]!.text;
  app = createServer((req, res) => {
    if (req.url === "/app.js")
      return res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    if (req.url === "/api/start")
      return res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(startAnswer));
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<!doctype html><title>credport</title><script>${SKEW_CLOCK}</script><script type="module" src="/app.js"></script>`,
      );
  });
  // http://localhost is a secure context: Web Locks exist there.
  appUrl = `http://localhost:${await listen(app)}`;
}, 60_000);

afterEach(async () => {
  await session?.close();
  session = undefined;
  for (const v of verifications.values()) for (const res of v.open) res.destroy();
  verifications.clear();
  seenByService.length = 0;
});

afterAll(async () => {
  service?.closeAllConnections();
  service?.close();
  app?.close();
});

function newVerification(options: Partial<Verification> & { expiresInMs?: number } = {}) {
  const id = `ver_${++nextId}`;
  const clockOffsetMs = options.clockOffsetMs ?? 0;
  const v: Verification = {
    id,
    status: "pending",
    clockOffsetMs,
    events: "stream",
    open: new Set(),
    ...options,
    expiresAt: new Date(
      Date.now() + clockOffsetMs + (options.expiresInMs ?? 15 * MINUTE),
    ).toISOString(),
  };
  verifications.set(id, v);
  return { id, v };
}

function push(v: Verification, status: Status) {
  v.status = status;
  for (const res of v.open)
    if (v.events === "stream") res.write(`event: status\ndata: ${wire(v)}\n\n`);
}

const reads = (id: string, leaf: "status" | "events") =>
  seenByService.filter((r) => r.path === `/v1/verifications/${id}/${leaf}`).length;

/**
 * Runs before the app's script: with `?skew=<ms>` in the page's URL, the page's clock runs that far
 * ahead of the real one (a laptop whose clock is wrong).
 */
const SKEW_CLOCK = `(() => {
  const skew = Number(new URLSearchParams(location.search).get("skew")) || 0;
  if (!skew) return;
  const RealDate = Date;
  class SkewedDate extends RealDate {
    constructor(...args) { if (args.length === 0) super(RealDate.now() + skew); else super(...args); }
    static now() { return RealDate.now() + skew; }
  }
  globalThis.Date = SkewedDate;
})();`;

/** A tab (in a fresh session) whose clock runs `clockSkewMs` ahead of the real one. */
async function openTab(engine: () => { newSession(): Promise<BrowserSession> }, clockSkewMs = 0) {
  session = await engine().newSession();
  const tab = await session.openTab(`${appUrl}/${clockSkewMs ? `?skew=${clockSkewMs}` : ""}`);
  await tab.waitForFunction(() => "credport" in window);
  return tab;
}

interface PageLog {
  seen: string[];
  timeouts: number;
  errors: string[];
  reported: string[];
}

async function subscribe(
  page: Tab,
  id: string,
  v: Verification,
  options: {
    transport?: "auto" | "polling";
    timing?: Record<string, number>;
    throwOn?: string;
  } = {},
) {
  await page.evaluate(
    ({ id, expiresAt, baseUrl, publishableKey, transport, timing, throwOn }) => {
      const w = window as unknown as { credport: typeof import("@credport/browser"); log: PageLog };
      const log: PageLog = { seen: [], timeouts: 0, errors: [], reported: [] };
      w.log = log;
      window.addEventListener("error", (event) => log.reported.push(String(event.error?.message)));
      const status = w.credport.createStatusClient({
        publishableKey,
        baseUrl,
        transport,
        timing: { pollIntervalMs: 50, maxPollIntervalMs: 100, ...timing },
      });
      status.subscribe(
        { verificationId: id, clientToken: "ct_token_0123456789", expiresAt },
        (snapshot) => {
          log.seen.push(snapshot.status);
          if (snapshot.status === throwOn) throw new Error(`render failed on ${throwOn}`);
        },
        {
          onTimeout: () => log.timeouts++,
          onError: (error) => log.errors.push(error.code),
        },
      );
    },
    {
      id,
      expiresAt: v.expiresAt,
      baseUrl: serviceUrl,
      publishableKey: PK,
      transport: options.transport ?? "auto",
      timing: options.timing ?? {},
      throwOn: options.throwOn,
    },
  );
}

const logOf = (page: Tab) => page.evaluate(() => (window as unknown as { log: PageLog }).log);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEngines("the browser status client against a hostile service", (engine) => {
  it("a laptop clock 20 minutes fast follows the verification instead of timing out at once", async () => {
    const page = await openTab(engine, 20 * MINUTE);
    // The page's clock really is 20 minutes ahead of this one.
    expect((await page.evaluate(() => Date.now())) - Date.now()).toBeGreaterThan(19 * MINUTE);
    const { id, v } = newVerification();
    await subscribe(page, id, v);
    await expect.poll(async () => (await logOf(page)).seen).toEqual(["pending"]);
    await sleep(500);
    expect((await logOf(page)).timeouts).toBe(0);
    push(v, "verified");
    await expect.poll(async () => (await logOf(page)).seen).toEqual(["pending", "verified"]);
    expect((await logOf(page)).timeouts).toBe(0);
  });

  it("an expiry 30 days away keeps polling", async () => {
    const page = await openTab(engine);
    const { id, v } = newVerification({ expiresInMs: 30 * 24 * 60 * MINUTE });
    await subscribe(page, id, v, { transport: "polling" });
    await expect.poll(() => reads(id, "status")).toBeGreaterThan(3);
    expect((await logOf(page)).timeouts).toBe(0);
  });

  it("reads once more at the deadline: a final status found there wins over onTimeout", async () => {
    const page = await openTab(engine);
    const { id, v } = newVerification({ expiresInMs: 800 });
    await subscribe(page, id, v, {
      transport: "polling",
      timing: { pollIntervalMs: 60_000, maxPollIntervalMs: 60_000 },
    });
    await expect.poll(async () => (await logOf(page)).seen).toEqual(["pending"]);
    v.status = "verified";
    await expect.poll(async () => (await logOf(page)).seen).toEqual(["pending", "verified"]);
    expect((await logOf(page)).timeouts).toBe(0);
    expect(reads(id, "status")).toBe(2);
  });

  it.each(["auto", "polling"] as const)(
    "a throwing onSnapshot reaches window's error event and the subscription goes on (%s)",
    async (transport) => {
      const page = await openTab(engine);
      const { id, v } = newVerification();
      await subscribe(page, id, v, { transport, throwOn: "pending" });
      await expect.poll(async () => (await logOf(page)).seen).toEqual(["pending"]);
      push(v, "in_progress");
      await expect.poll(async () => (await logOf(page)).seen).toEqual(["pending", "in_progress"]);
      push(v, "verified");
      await expect
        .poll(async () => (await logOf(page)).seen)
        .toEqual(["pending", "in_progress", "verified"]);
      const log = await logOf(page);
      expect(log.reported).toEqual(["render failed on pending"]);
      expect(log.errors).toEqual([]);
    },
  );

  it("a stream that stalls after its headers is abandoned and polling takes over", async () => {
    const page = await openTab(engine);
    const { id, v } = newVerification({ events: "stall" });
    await subscribe(page, id, v, { timing: { realtimeIdleTimeoutMs: 300 } });
    await expect.poll(async () => (await logOf(page)).seen).toEqual(["pending"]);
    await expect.poll(() => reads(id, "status")).toBeGreaterThan(0);
    v.status = "canceled";
    await expect.poll(async () => (await logOf(page)).seen).toEqual(["pending", "canceled"]);
    expect(reads(id, "events")).toBe(1);
  });

  it("a start answer without clientToken fails naming the field; no status read is sent", async () => {
    const page = await openTab(engine);
    startAnswer = { verificationId: "ver_x", authorizationRequestUri: "openid4vp://?x" };
    const outcome = await page.evaluate(
      async ({ baseUrl, publishableKey }) => {
        const { credport } = window as unknown as {
          credport: typeof import("@credport/browser");
        };
        const flow = credport.createVerificationFlow({
          statusClient: credport.createStatusClient({ publishableKey, baseUrl }),
          startUrl: "/api/start",
          sessionMode: "manual",
        });
        const error = await flow.start({ policyId: "preset_age_over_18" }).catch((e) => e);
        return { type: error?.type, code: error?.code, message: String(error?.message) };
      },
      { baseUrl: serviceUrl, publishableKey: PK },
    );
    expect(outcome).toMatchObject({
      type: "invalid_response_error",
      code: "invalid_start_response",
    });
    expect(outcome.message).toContain("clientToken");
    await sleep(300);
    expect(seenByService).toEqual([]);
  });
});
