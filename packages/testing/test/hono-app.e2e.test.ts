import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromiumBrowser } from "@credport/test-browsers";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator, verifiedSession, wallet } from "../src/index.js";
import { html, pageScript, verifyPage } from "./support/shop.js";

// The third app shape the root README documents: Hono on @credport/session, its code block from
// "React with your own backend" exactly as written (only its import specifiers pointed at this
// repository's files), then a members' page, the verification page and a Node server around it.
// The kit drives it in Chromium: the wall, the wallet over the DC API, a refused holder, a
// verified session.
const repo = fileURLToPath(new URL("../../..", import.meta.url));
const require = createRequire(import.meta.url);

/** The README's Hono block: the one in its section that builds a Hono app on @credport/session. */
function readmeHonoBlock(): string {
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("### React with your own backend"));
  const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const hono = blocks.filter((b) => b.includes('from "hono"') && b.includes("@credport/session"));
  if (hono.length === 0) throw new Error("README.md: no Hono block on @credport/session");
  return hono[0]!;
}

let emulator: TestEmulator;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let url: string;
let close: () => Promise<void>;
const scratch = mkdtempSync(join(tmpdir(), "credport-hono-app-"));

beforeAll(async () => {
  emulator = await startTestEmulator();
  // The README's app reads its keys from the environment, as `.env.local` gives them.
  Object.assign(process.env, emulator.env);
  const code = readmeHonoBlock()
    .replace('"@credport/session"', JSON.stringify(join(repo, "packages/session/src/index.ts")))
    .replace('"hono"', JSON.stringify(require.resolve("hono")))
    .replace(
      '"@hono/node-server/conninfo"',
      JSON.stringify(require.resolve("@hono/node-server/conninfo")),
    );
  const file = join(scratch, "server.ts");
  writeFileSync(
    file,
    `${code}
app.get("/members", (c) => c.html('<p id="member">Members only: you are verified.</p>'));
export { app };
`,
  );
  const { app } = (await import(/* @vite-ignore */ file)) as {
    app: import("hono").Hono;
  };
  const script = await pageScript();
  app.get("/verify", (c) => c.html(verifyPage(emulator.env)));
  app.get("/shop.js", (c) => c.body(script, 200, { "content-type": "text/javascript" }));
  app.get("/", (c) => c.html(html("<h1>Welcome</h1>")));
  const { serve } = await import("@hono/node-server");
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://localhost:${(server.address() as AddressInfo).port}`;
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  browser = await launchChromiumBrowser();
});
afterAll(async () => {
  await browser?.close();
  await close?.();
  await emulator?.close();
  rmSync(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await context?.close();
});

async function newPage() {
  context = await browser.newContext({ baseURL: url });
  page = await context.newPage();
  return page;
}

it("the wall sends a visitor without a session to /verify; the wallet presents over the DC API; the members' page opens", async () => {
  const onPage = wallet(await newPage(), { emulator });
  await page.goto("/members");
  expect(new URL(page.url()).pathname).toBe("/verify");
  expect(new URL(page.url()).searchParams.get("redirect_url")).toBe("/members");
  expect((await onPage.present()).via).toBe("dc-api");
  await page.waitForURL(/\/members$/, { timeout: 20_000 });
  expect(await page.textContent("#member")).toBe("Members only: you are verified.");
});

it("a holder born 2011 is turned away: the page shows the refusal and the wall stays shut", async () => {
  const onPage = wallet(await newPage(), { emulator });
  await page.goto("/verify");
  await onPage.present({ claims: { birthdate: "2011-05-01" } });
  await expect
    .poll(() => page.textContent("#failure"), { timeout: 20_000 })
    .toBe("claims_not_satisfied");
  await page.goto("/members");
  expect(new URL(page.url()).pathname).toBe("/verify");
});

it("verifiedSession(page) through the app's own routes: the walled page opens", async () => {
  await newPage();
  await verifiedSession(page, { emulator });
  await page.goto("/members");
  expect(await page.textContent("#member")).toBe("Members only: you are verified.");
});
