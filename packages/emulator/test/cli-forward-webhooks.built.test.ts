import { createHmac, timingSafeEqual } from "node:crypto";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { readEnvFile, startCli } from "./support/cli-process.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Received {
  body: string;
  signature: string;
}

/** The app's webhook route: records every POST, answers 204. */
async function appServer() {
  const received: Received[] = [];
  const waiting = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ body, signature: String(req.headers["webhook-signature"] ?? "") });
      res.writeHead(204).end();
      for (const wake of waiting) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/credport/webhooks`;
  /** The first event of this type received, once it arrives. */
  const event = (type: string) =>
    new Promise<Received>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} webhook`)), 15_000);
      const check = () => {
        const found = received.find((r) => JSON.parse(r.body).type === type);
        if (!found) return;
        clearTimeout(timer);
        waiting.delete(check);
        resolve(found);
      };
      waiting.add(check);
      check();
    });
  return { url, received, event };
}

/** The `Webhook-Signature` check an app makes with its `CREDPORT_WEBHOOK_SECRET`. */
function signedWith(secret: string, { body, signature }: Received): boolean {
  const t = /(?:^|,)t=(\d+)/.exec(signature)?.[1];
  const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(signature)?.[1];
  if (!t || !v1) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, "hex"));
}

/** A verification created and canceled: one `verification.canceled` event. */
async function cancelVerification(env: Record<string, string>): Promise<string> {
  const headers = { "x-service-key": env.CREDPORT_SECRET_KEY!, "content-type": "application/json" };
  const created = await fetch(`${env.CREDPORT_BASE_URL}/v1/verifications`, {
    method: "POST",
    headers,
    body: JSON.stringify({ policy_id: "preset_age_over_18" }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const canceled = await fetch(`${env.CREDPORT_BASE_URL}/v1/verifications/${id}/cancel`, {
    method: "POST",
    headers,
    body: "{}",
  });
  expect(canceled.status).toBe(200);
  return id;
}

function appFolder() {
  const dir = mkdtempSync(join(tmpdir(), "credport-forward-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const envFile = join(dir, ".env.local");
  writeFileSync(envFile, "");
  return { dir, envFile };
}

const forwardedEndpoints = (dir: string) =>
  (
    JSON.parse(readFileSync(join(dir, ".credport", "emulator.json"), "utf8")) as {
      model: { webhookEndpoints: { id: string; url: string }[] };
    }
  ).model.webhookEndpoints;

it("--forward-webhooks-to delivers signed events to the app, prints each delivery, and keeps endpoint and secret across restarts", async () => {
  const app = await appServer();
  const { dir, envFile } = appFolder();

  const first = await startCli(
    ["--port", "0", "--env-file", envFile, "--forward-webhooks-to", app.url],
    { cwd: dir },
  );
  cleanups.push(() => first.stop());
  expect(first.out).toContain(`Forwarding webhooks to ${app.url}`);
  const env = readEnvFile(envFile);
  const verificationId = await cancelVerification(env);
  const delivered = await app.event("verification.canceled");
  expect(signedWith(env.CREDPORT_WEBHOOK_SECRET!, delivered)).toBe(true);
  const event = JSON.parse(delivered.body) as { id: string; data: { object: { id: string } } };
  expect(event.data.object.id).toBe(verificationId);
  // One terminal line per delivery: type, event ID, the app's status, the time it took.
  await first.waitFor(new RegExp(`verification\\.canceled\\s+${event.id}\\s+→ 204\\s+\\d+ ms`));
  // The dashboard's webhooks page lists the delivery to the forwarded URL.
  const page = await (await fetch(`${env.CREDPORT_BASE_URL}/webhooks`)).text();
  expect(page).toContain(event.id);
  expect(page).toContain(app.url);
  expect(page).toContain("HTTP 204");
  await first.stop();
  const [endpoint] = forwardedEndpoints(dir);

  // Next start: the URL comes from the env file this time; same endpoint, same whsec.
  appendFileSync(envFile, `CREDPORT_FORWARD_WEBHOOKS_TO=${app.url}\n`);
  const second = await startCli(["--port", "0", "--env-file", envFile], { cwd: dir });
  cleanups.push(() => second.stop());
  const env2 = readEnvFile(envFile);
  expect(env2.CREDPORT_WEBHOOK_SECRET).toBe(env.CREDPORT_WEBHOOK_SECRET);
  app.received.length = 0;
  await cancelVerification(env2);
  const again = await app.event("verification.canceled");
  // The app's CREDPORT_WEBHOOK_SECRET, read at its start, still verifies.
  expect(signedWith(env.CREDPORT_WEBHOOK_SECRET!, again)).toBe(true);
  await second.waitFor(/verification\.canceled\s+evt_\w+\s+→ 204/);
  await second.stop();
  expect(forwardedEndpoints(dir)).toEqual([endpoint]);
});

it("a start without forwarding removes the endpoint an earlier start forwarded to", async () => {
  const app = await appServer();
  const { dir, envFile } = appFolder();
  const first = await startCli(
    ["--port", "0", "--env-file", envFile, "--forward-webhooks-to", app.url],
    { cwd: dir },
  );
  await first.stop();
  expect(forwardedEndpoints(dir)).toHaveLength(1);
  const second = await startCli(["--port", "0", "--env-file", envFile], { cwd: dir });
  cleanups.push(() => second.stop());
  await cancelVerification(readEnvFile(envFile));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(app.received).toEqual([]);
  await second.stop();
  expect(forwardedEndpoints(dir)).toEqual([]);
});

it("refuses a --forward-webhooks-to that is not an http(s) URL, naming the option", async () => {
  const { dir, envFile } = appFolder();
  const { spawnCli } = await import("./support/cli-process.js");
  const cli = spawnCli(
    ["--port", "0", "--env-file", envFile, "--forward-webhooks-to", "localhost:3000"],
    {
      cwd: dir,
    },
  );
  expect(await cli.exited).toBe(2);
  expect(cli.err).toContain("--forward-webhooks-to must be an http(s) URL");
});
