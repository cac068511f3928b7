import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import {
  pathOf,
  presentThroughLink,
  type ReadmeServerApp,
  startReadmeServerApp,
} from "../src/readme-server-app.js";

// A TanStack Start 1.131 app (the last line that runs on Node 20) from the root README's
// "TanStack Start" section: its files on the start template's router, root and home page, built
// with `vite build` and served by the built Nitro server started as the README says.
let app: ReadmeServerApp;
let env: Record<string, string>;
let browser: Browser;
let url: string;

beforeAll(async () => {
  app = await startReadmeServerApp(inject("scratch"), {
    app: "tanstack-start-app",
    section: "TanStack Start",
    files: [
      "src/credport.server.ts",
      "src/routes/api/credport/$.ts",
      "src/routes/members.tsx",
      "src/routes/verify.tsx",
    ],
    build: ["vite", "build"],
    typecheckAfterBuild: true,
    serveMarker: "tanstack-start-serve",
    ready: /Listening on/,
  });
  ({ env, browser, url } = app);
}, 600_000); // Start's build (client, server, then Nitro's) takes minutes on a busy machine

afterAll(() => app?.stop());

const verify = (page: Page) => presentThroughLink(page, env);

it("the session module and its secrets stay on the server: no file the browser gets has them", () => {
  const client = join(inject("scratch"), "tanstack-start-app/.output/public");
  const files = readdirSync(client, { recursive: true, encoding: "utf8" }).filter((file) =>
    file.endsWith(".js"),
  );
  expect(files.length).toBeGreaterThan(0);
  const leaks = files.filter((file) => {
    const code = readFileSync(join(client, file), "utf8");
    // The wall's refusal code is in @credport/session's code only.
    return [
      env.CREDPORT_SECRET_KEY!,
      env.CREDPORT_SESSION_SECRET!,
      "verified_session_required",
    ].some((text) => code.includes(text));
  });
  expect(leaks).toEqual([]);
});

it("a full load of /members is walled: the server function's redirect to /verify", async () => {
  const context = await browser.newContext();
  const response = await context.request.get(`${url}/members`, { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toBe("/verify?redirect_url=%2Fmembers");
  const page = await context.newPage();
  await page.goto(`${url}/members`);
  expect(pathOf(page)).toBe("/verify?redirect_url=%2Fmembers");
  await page.getByRole("img", { name: "Scan with your wallet to verify" }).waitFor();
  await context.close();
});

/** One request with the path exactly as written (no URL normalising), as the attack suite sends it. */
function sendRaw(path: string, method = "GET", headers: Record<string, string> = {}) {
  const { port } = new URL(url);
  return new Promise<{ status: number; location: string | undefined; text: string }>(
    (resolve, reject) => {
      const req = request({ host: "localhost", port, path, method, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, location: res.headers.location, text }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

it("no spelling of /members reaches the page without a session (the attack suite's wall cases)", async () => {
  // TanStack Router matches paths case-insensitively, decoded, with or without a trailing slash:
  // the wall is the route's own, so every spelling the router maps onto /members meets it.
  const spellings = [
    "/members",
    "/members/",
    "/MEMBERS",
    "/MeMbErS/",
    "/%6Dembers",
    "/member%73",
    "//members",
    "/./members",
    "/foo/../members",
    "/members?x=1",
    "/members#x",
    "/api/credport/../../members",
    "/verify/../members",
  ];
  const reached: string[] = [];
  const offSite: string[] = [];
  for (const path of spellings) {
    for (const method of ["GET", "HEAD"]) {
      for (const headers of [
        { "sec-fetch-dest": "document" },
        { "sec-fetch-dest": "empty" },
        { cookie: "__Host-credport_session=Fe26.2**1*a*b*c*d*e*f~2" },
        { "x-original-url": "/", "x-forwarded-host": "evil.example" },
      ]) {
        const res = await sendRaw(path, method, headers);
        const label = `${method} ${path} ${JSON.stringify(headers)} -> ${res.status}`;
        if (res.text.includes("Members only") || (method === "HEAD" && res.status === 200))
          reached.push(label);
        if (res.location && !res.location.startsWith("/verify?"))
          offSite.push(`${label} ${res.location}`);
      }
    }
  }
  expect(reached).toEqual([]);
  expect(offSite).toEqual([]);
});

it("a client-side navigation to /members (its server-function call) is walled too, then verified it opens", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const serverFnCalls: { path: string; method: string }[] = [];
  page.on("request", (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith("/_serverFn/"))
      serverFnCalls.push({ path: pathname + search, method: request.method() });
  });
  await page.goto(url);
  await page.getByRole("heading", { name: "Home" }).waitFor();
  const loadsBefore = await page.evaluate(() => performance.getEntriesByType("navigation").length);
  await page.getByRole("link", { name: "Members" }).click();
  await page.waitForURL(`${url}/verify?redirect_url=%2Fmembers`);
  // The check ran on the server (the browser called the server function), and the router
  // followed the redirect itself: the gate, and no page of members in between.
  expect(serverFnCalls).toHaveLength(1);
  await page.getByRole("img", { name: "Scan with your wallet to verify" }).waitFor();
  expect(await page.getByRole("heading", { name: /^Members only/ }).count()).toBe(0);
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(
    loadsBefore,
  );

  await verify(page);
  await page.waitForURL(`${url}/members`, { timeout: 20_000 });
  await page.getByRole("heading", { name: /^Members only: verified at / }).waitFor();

  // The server function's answer, replayed: the session for this browser's cookie only.
  const { path, method } = serverFnCalls[0]!;
  const resultOf = async (headers: Record<string, string>) =>
    JSON.parse((await sendRaw(path, method, headers)).text).result;
  const cookie = (await context.cookies())
    .filter((c) => c.name.startsWith("__Host-credport"))
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  expect(await resultOf({ cookie })).toEqual({ verifiedAt: expect.any(String) });
  expect(await resultOf({})).toBeNull();
  expect(await resultOf({ cookie: "__Host-credport_session=Fe26.2**1*a*b*c*d*e*f~2" })).toBeNull();

  // Verified: the same client-side navigation now opens the members' page.
  await page.goto(url);
  await page.getByRole("heading", { name: "Home" }).waitFor();
  await page.getByRole("link", { name: "Members" }).click();
  await page.waitForURL(`${url}/members`);
  await page.getByRole("heading", { name: /^Members only: verified at / }).waitFor();
  await context.close();
});
