import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { launchChromiumBrowser as launchChromium } from "@credport/test-browsers";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import {
  addBlocks,
  emulatorPort,
  startEmulatorWithEnvFile,
  walletOver18,
} from "../src/newcomer-steps.js";
import { freePort, parseEnv, type Started, start, userEnv } from "../src/processes.js";
import { codeBlocks, sectionBlocks } from "../src/readme-blocks.js";
import { startWebhookReceiver } from "../src/webhook-receiver.js";

// A Next.js 16 app as `create-next-app@16` makes it (its default next.config, `cacheComponents`
// included), the packages from the packed tarballs, and the root README's Next.js files as they are.
const readme = fileURLToPath(new URL("../../../README.md", import.meta.url));
let app: string;
let env: Record<string, string>;
let build = "";
/** The emulator as the README starts it; the restart tests replace it, on the same port. */
let emulator: Started;
/** `next start` of the one build: never restarted, never rebuilt. */
let server: Started;
/** Everything else a test started (a second server, a dev server), stopped at the end. */
const others: Started[] = [];
let browser: Browser;
let url: string;

beforeAll(async () => {
  app = join(inject("scratch"), "next-app");
  const files = addBlocks(
    app,
    sectionBlocks(codeBlocks(readFileSync(readme, "utf8"), "README.md"), "Next.js"),
  );
  expect(files.sort()).toEqual([
    "app/api/credport/[...credport]/route.ts",
    "app/members/page.tsx",
    "app/site-header.tsx",
    "app/verify/page.tsx",
    "proxy.ts",
  ]);
  ({ emulator, env } = await startEmulatorWithEnvFile(app));
  // The NEXT_PUBLIC_ variables are inlined now, from .env.local, as they would be for a user.
  build = execFileSync(join(app, "node_modules/.bin/next"), ["build"], {
    cwd: app,
    env: userEnv(),
    encoding: "utf8",
    stdio: "pipe",
  });
  const port = await freePort();
  server = await start(
    join(app, "node_modules/.bin/next"),
    ["start", "-p", String(port), "-H", "127.0.0.1"],
    { cwd: app, ready: /Ready in/ },
  );
  url = `http://localhost:${port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([emulator, server, ...others].map((process) => process?.stop()));
});

it("builds with create-next-app@16's defaults: cache components on, /verify prerendered, no warnings", () => {
  expect(build).toContain("Cache Components enabled");
  expect(build).toMatch(/○ \/verify/); // static: the verification page renders without the clock
  expect(withoutBuildCacheNotice(build)).not.toMatch(/⚠|warn|error/i);
});

// Next warns that `.next/cache` is missing whenever CI is set; that is about the machine, not us.
function withoutBuildCacheNotice(output: string): string {
  return output
    .split("\n")
    .filter((line) => !line.includes("No build cache found"))
    .join("\n");
}

it("a visitor of /members verifies with the test wallet, comes back to /members, signs out, and Back is walled", async () => {
  const page = await browser.newPage();
  await page.goto(`${url}/members`);
  await page.waitForURL(/\/verify\?redirect_url=%2Fmembers$/);
  await page.getByRole("img", { name: "Scan with your wallet to verify" }).waitFor();
  await expect
    .poll(() => page.getByRole("status").textContent())
    .toBe("Scan the QR code with your wallet app.");
  expect(await page.getByRole("timer").textContent()).toMatch(/^Expires in 1[45]:\d\d$/);

  const wallet = await walletOver18(env);
  const link = await page.getByRole("link", { name: "Open your wallet" }).getAttribute("href");
  await wallet.present(link!);

  await page.waitForURL(/\/members$/, { timeout: 20_000 });
  await page.getByText(/^Verified at \d{4}-/).waitFor();

  // Home, and the member page again: then the README's sign-out, which puts "/" in that page's
  // place. Back twice reaches the member page the wall returned to: asked for again, and walled.
  await page.goto(`${url}/`);
  await page.goto(`${url}/members`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${url}/`);
  await page.evaluate(() => setTimeout(() => history.go(-2), 50)); // Back, Back
  await page.waitForURL(/\/verify\?redirect_url=%2Fmembers$/, { timeout: 10_000 });
  expect(await page.getByText(/^Verified at/).count()).toBe(0);
  await page.close();
});

/** A visitor of /members verifies with the test wallet of the emulator in `withEnv`. */
async function verifyAtMembers(withEnv: Record<string, string>): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(`${url}/members`);
    await page.waitForURL(/\/verify\?redirect_url=%2Fmembers$/);
    const link = page.getByRole("link", { name: "Open your wallet" });
    await link.waitFor();
    const wallet = await walletOver18(withEnv);
    await wallet.present((await link.getAttribute("href"))!);
    await page.waitForURL(/\/members$/, { timeout: 20_000 });
    await page.getByText(/^Verified at \d{4}-/).waitFor();
  } finally {
    await page.close();
  }
}

const readEnvFile = () => parseEnv(readFileSync(join(app, ".env.local"), "utf8"));

/** Stops the emulator and starts it again the README's way, on its port, with `args` added. */
async function restartEmulator(args: string[] = []): Promise<Record<string, string>> {
  const port = emulatorPort(env);
  await emulator.stop();
  const restarted = await startEmulatorWithEnvFile(app, args, port);
  emulator = restarted.emulator;
  return restarted.env;
}

it("after an emulator restart, .env.local keeps its keys and the running build still verifies a visitor", async () => {
  const before = readEnvFile();
  expect(before.CREDPORT_SECRET_KEY).toMatch(/^sk_test_/);
  const serverPid = server.child.pid;

  const after = await restartEmulator();
  expect(emulator.output()).toMatch(/State is kept in \S*\.credport[/\\]emulator\.json/);
  // Every variable the first start wrote, session secret included, byte for byte.
  expect(after).toEqual(before);

  // The same `next start` (no rebuild, no restart) with the keys it read and inlined at start.
  await verifyAtMembers(after);
  expect(server.child.pid).toBe(serverPid);
  expect(server.child.exitCode).toBeNull();
  expect(emulator.output()).not.toMatch(/Refused a \w+ key from an earlier emulator run/);
});

it("--forward-webhooks-to delivers a browser verification's verification.verified, signed with .env.local's whsec_, and prints it", async () => {
  const receiver = await startWebhookReceiver();
  // The packed @credport/server, as an app installs it.
  const require = createRequire(join(inject("scratch"), "readme-check/package.json"));
  const { verifyWebhook } = (await import(
    pathToFileURL(require.resolve("@credport/server")).href
  )) as typeof import("@credport/server");
  try {
    const before = readEnvFile();
    const after = await restartEmulator(["--forward-webhooks-to", receiver.url]);
    expect(emulator.output()).toContain(`Forwarding webhooks to ${receiver.url}`);
    expect(after).toEqual(before); // forwarding signs with the secret already in .env.local

    await verifyAtMembers(after);

    const verifyOne = async (request: (typeof receiver.received)[number]) =>
      verifyWebhook(
        { payload: request.body, signature: request.headers["webhook-signature"] as string },
        { secret: after.CREDPORT_WEBHOOK_SECRET! },
      );
    await expect
      .poll(
        async () =>
          (await Promise.all(receiver.received.map(verifyOne))).map((event) => event.type),
        { timeout: 20_000 },
      )
      .toContain("verification.verified");
    const delivered = receiver.received.find((request) =>
      request.body.includes('"verification.verified"'),
    )!;
    expect(delivered.path).toBe("/webhooks");
    const event = await verifyOne(delivered);
    expect(event.type).toBe("verification.verified");
    // The signature covers these bytes: one byte more and the packed verifier refuses it.
    await expect(verifyOne({ ...delivered, body: `${delivered.body} ` })).rejects.toThrow();

    // The emulator's terminal: one line per delivery, with the event ID and the route's status.
    await expect
      .poll(() => emulator.output())
      .toMatch(new RegExp(`webhook +verification\\.verified +${event.id} +→ 200 +\\d+ ms`));
  } finally {
    // As the README says, a start without the flag stops forwarding: the app's usual emulator.
    await restartEmulator();
    await receiver.close();
  }
});

it("after a restart with --in-memory, the running build's key is refused, and the emulator's terminal says to restart the dev server", async () => {
  const before = readEnvFile();
  try {
    const fresh = await restartEmulator(["--in-memory"]);
    expect(fresh.CREDPORT_SECRET_KEY).toMatch(/^sk_test_/);
    expect(fresh.CREDPORT_SECRET_KEY).not.toBe(before.CREDPORT_SECRET_KEY);
    // The running build still holds the first keys: the emulator's 401, as production shows it.
    expect(await gateError(url)).toEqual({
      status: "Something went wrong. (invalid_api_key)",
      message: [],
    });
    await expect
      .poll(() => emulator.output())
      .toContain(
        "Refused a secret key from an earlier emulator run: restart your dev server (and rebuild if the key was inlined) so that it reads .env.local.",
      );
  } finally {
    await restartEmulator();
  }
  // --in-memory left the state beside .env.local alone: the usual start writes the first keys again.
  expect(readEnvFile()).toEqual(before);
});

/** What /verify's gate on `base` shows once it has given up: the status line and the message. */
async function gateError(base: string): Promise<{ status: string; message: string[] }> {
  const page = await browser.newPage();
  try {
    await page.goto(`${base}/verify`);
    const gate = page.locator(".credport-gate");
    await expect.poll(() => gate.getAttribute("data-phase"), { timeout: 60_000 }).toBe("error");
    return {
      status: (await page.getByRole("status").textContent()) ?? "",
      message: await page.locator(".credport-gate-error-message").allTextContents(),
    };
  } finally {
    await page.close();
  }
}

it("with a pk_ in CREDPORT_SECRET_KEY, next dev's gate names the variable; the production build shows the text and the code only", async () => {
  // A user's shell variable wins over .env.local in Next.js: a publishable key where the secret
  // key belongs. The secret key is read at run time, so the one build serves as the production app.
  const wrong = { CREDPORT_SECRET_KEY: env.CREDPORT_PUBLISHABLE_KEY! };
  const next = join(app, "node_modules/.bin/next");
  const [prodPort, devPort] = [await freePort(), await freePort()];
  const production = await start(next, ["start", "-p", String(prodPort), "-H", "127.0.0.1"], {
    cwd: app,
    env: wrong,
    ready: /Ready in/,
  });
  others.push(production);
  const shown = await gateError(`http://localhost:${prodPort}`);
  // Production fails fast (the route module throws, Next.js answers 500): the text and a code.
  expect(shown).toEqual({ status: "Something went wrong. (unexpected_status)", message: [] });
  // The operator's server log names the variable and the fix.
  await expect
    .poll(() => production.output())
    .toContain("CREDPORT_SECRET_KEY is a publishable key (pk_…)");

  const dev = await start(next, ["dev", "-p", String(devPort), "-H", "127.0.0.1"], {
    cwd: app,
    env: wrong,
    ready: /Ready in/,
    timeoutMs: 120_000,
  });
  others.push(dev);
  const inDevelopment = await gateError(`http://localhost:${devPort}`);
  expect(inDevelopment.status).toBe("Something went wrong. (configuration_error)");
  expect(inDevelopment.message).toEqual([
    "credport/next: CREDPORT_SECRET_KEY is a publishable key (pk_…); server calls need a secret key (sk_test_… or sk_live_…).",
  ]);
  expect(inDevelopment.message.join()).not.toContain(wrong.CREDPORT_SECRET_KEY);
  await Promise.all([production.stop(), dev.stop()]);
});

it("next start reports no prerender problem and no error while serving", () => {
  const output = server.output();
  expect(output).toContain("Ready in");
  expect(output).not.toMatch(/⚠|warn|error|prerender/i);
});
