import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createCredportHandler, getVerifiedSession } from "@credport/session";
import { build } from "esbuild";
import type { TestEmulator } from "../../src/index.js";

/** A small shop on @credport/session: /verify (the flow), /members (walled), /idle (never starts). */
export interface Shop {
  url: string;
  close(): Promise<void>;
}

let bundled: Promise<string> | undefined;
/** The verification page's script (shop-page.ts), bundled for the browser once. */
export const pageScript = () => {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL("./shop-page.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "browser",
    minify: true,
    write: false,
    conditions: ["@credport/source"],
  }).then((result) => result.outputFiles[0]!.text);
  return bundled;
};

export const html = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>${body}</body></html>`;

/**
 * The verification page: status outputs, a "use a wallet on this device" button
 * (data-credport-device-wallet), the wallet link, and /shop.js driving @credport/browser's flow.
 */
export function verifyPage(env: Readonly<Record<string, string>>): string {
  const config = JSON.stringify({
    publishableKey: env.CREDPORT_PUBLISHABLE_KEY,
    baseUrl: env.CREDPORT_BASE_URL,
  });
  return html(`<h1>Prove you are over 18</h1>
<p>Status: <output id="phase">idle</output> <output id="failure"></output> <output id="dc-api"></output></p>
<button id="device" type="button" data-credport-device-wallet hidden>Use a wallet on this device</button>
<a id="link" hidden>Open your wallet</a>
<script type="application/json" id="config">${config}</script>
<script type="module" src="/shop.js"></script>`);
}

export async function startShop(emulator: TestEmulator): Promise<Shop> {
  const env = emulator.env;
  const options = {
    secretKey: env.CREDPORT_SECRET_KEY!,
    baseUrl: env.CREDPORT_BASE_URL!,
    sessionSecret: env.CREDPORT_SESSION_SECRET!,
    policyId: "preset_age_over_18",
    keepClaims: ["age_over_18"],
    secureCookies: false,
  };
  const handler = createCredportHandler({ ...options, basePath: "/api/credport" });
  const script = await pageScript();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
    const request = new Request(url, {
      method: req.method ?? "GET",
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    if (url.pathname.startsWith("/api/credport/")) {
      const response = await handler(request);
      const out: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie") out[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) out["set-cookie"] = cookies;
      res.writeHead(response.status, out).end(Buffer.from(await response.arrayBuffer()));
      return;
    }
    if (url.pathname === "/shop.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end(script);
      return;
    }
    if (url.pathname === "/verify") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(verifyPage(env));
      return;
    }
    if (url.pathname === "/members") {
      const session = await getVerifiedSession(request, options).catch(() => null);
      res
        .writeHead(session ? 200 : 401, { "content-type": "text/html; charset=utf-8" })
        .end(
          html(
            session
              ? `<p id="member">over 18: ${String(session.claims.age_over_18)}</p>`
              : "<p>Walled</p>",
          ),
        );
      return;
    }
    // A page that never starts a verification.
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(html("<h1>Welcome</h1>"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
