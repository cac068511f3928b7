import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { type Emulator, startEmulator } from "@credport/emulator";
import { Credport } from "@credport/server";
import { build } from "esbuild";

/** A running test app: its page, the emulator behind it, and how many sessions it finalized. */
export interface GateTestApp {
  url: string;
  emulator: Emulator;
  credport: Credport;
  /** Browsers the backend let in (`POST /api/credport/session` on a verified result). */
  sessions: number;
  close(): Promise<void>;
}

export interface GateTestAppOptions {
  /** The page's entry (`*.tsx`), bundled from the BUILT packages as an app ships them. */
  entry: URL;
  /** Given the emulator's client, more of `window.credportConfig` for the page (e.g. an offer). */
  pageConfig?: (credport: Credport) => Promise<Record<string, unknown>>;
  /** Start verifications with the page's origin as `expectedOrigins` (the DC API hand-off). */
  digitalCredentials?: boolean;
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * An emulator and a minimal app backend in front of it, as the README's "React with your own
 * backend" has one: it starts verifications with the secret key and lets a browser in only on a
 * verified result. It also serves axe-core at `/axe.js` for the pages' accessibility checks.
 */
export async function startGateTestApp(options: GateTestAppOptions): Promise<GateTestApp> {
  const emulator = await startEmulator();
  const credport = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: emulator.url });
  const bundle = await build({
    entryPoints: [options.entry.pathname],
    bundle: true,
    format: "esm",
    platform: "browser",
    jsx: "automatic",
    minify: true,
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const script = bundle.outputFiles[0]!.text;
  const config = JSON.stringify({
    publishableKey: emulator.keys.publishableKey,
    baseUrl: emulator.url,
    ...(await options.pageConfig?.(credport)),
  }).replaceAll("<", "\\u003c");

  const app: GateTestApp = {
    url: "",
    emulator,
    credport,
    sessions: 0,
    close: async () => {
      server.close();
      await emulator.close();
    },
  };
  const server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    let body = "";
    for await (const chunk of req) body += chunk;
    if (req.url === "/axe.js")
      return res.writeHead(200, { "content-type": "text/javascript" }).end(axeSource);
    if (req.url === "/app.js")
      return res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    if (req.url === "/api/credport/verifications") {
      const v = await credport.verifications.create({
        policyId: JSON.parse(body).policyId,
        ...(options.digitalCredentials ? { expectedOrigins: [app.url] } : {}),
      });
      return json(200, {
        verificationId: v.id,
        clientToken: v.clientToken,
        expiresAt: v.expiresAt,
        authorizationRequestUri: v.authorizationRequestUri,
        testWalletUrl: v.testWalletUrl, // the emulator's, test keys only
        dcApiRequests: v.dcApiRequests,
      });
    }
    // The gate asks first whether this browser is verified: this backend keeps no session.
    if (req.url === "/api/credport/session" && req.method === "GET")
      return json(200, { verified: false });
    if (req.url === "/api/credport/session") {
      const result = await credport.verifications.getResult(JSON.parse(body).verificationId);
      if (result.status !== "verified") return json(409, { code: "verification_not_verified" });
      app.sessions++;
      return json(200, { ok: true });
    }
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(
        `<!doctype html><html lang="en"><title>Credport React test</title><div id="root"></div><script>window.credportConfig=${config}</script><script type="module" src="/app.js"></script>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // http://localhost is a secure context, as the Digital Credentials API requires.
  app.url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return app;
}
