import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import {
  pathOf,
  presentThroughLink,
  type ReadmeServerApp,
  startReadmeServerApp,
} from "../src/readme-server-app.js";

// A React Router 7 app (framework mode, server rendering) from the root README's "React Router 7"
// section: its files on create-react-router's root and home page, built with `react-router build`
// and served by `react-router-serve` started as the README says (Node reads .env.local).
let app: ReadmeServerApp;
let env: Record<string, string>;
let browser: Browser;
let url: string;

beforeAll(async () => {
  app = await startReadmeServerApp(inject("scratch"), {
    app: "react-router-app",
    section: "React Router 7",
    files: [
      "app/credport.server.ts",
      "app/routes.ts",
      "app/routes/credport.ts",
      "app/routes/members.tsx",
      "app/routes/verify.tsx",
    ],
    build: ["react-router", "build"],
    serveMarker: "react-router-serve",
    ready: /react-router-serve/,
  });
  ({ env, browser, url } = app);
});

afterAll(() => app?.stop());

const verify = (page: Page) => presentThroughLink(page, env);

it("a full load of /members is walled: the loader's redirect to /verify", async () => {
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

it("a client-side navigation to /members (its /members.data) is walled too, then verified it opens", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data"))
      dataRequests.push(new URL(request.url()).pathname);
  });
  await page.goto(url);
  await page.getByRole("heading", { name: "Home" }).waitFor();
  const loadsBefore = await page.evaluate(() => performance.getEntriesByType("navigation").length);
  await page.getByRole("link", { name: "Members" }).click();
  await page.waitForURL(`${url}/verify?redirect_url=%2Fmembers`);
  expect(dataRequests).toContain("/members.data");
  // The router followed the redirect itself: the gate, and no page of members in between.
  await page.getByRole("img", { name: "Scan with your wallet to verify" }).waitFor();
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(
    loadsBefore,
  );

  await verify(page);
  await page.waitForURL(`${url}/members`, { timeout: 20_000 });
  await page.getByRole("heading", { name: /^Members only: verified at / }).waitFor();

  // Verified: the same client-side navigation now opens the members' page.
  await page.goto(url);
  await page.getByRole("link", { name: "Members" }).click();
  await page.waitForURL(`${url}/members`);
  await page.getByRole("heading", { name: /^Members only: verified at / }).waitFor();
  await context.close();
});
