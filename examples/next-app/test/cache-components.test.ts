// Issue 14, "Next 16 defaults": an app made the way create-next-app@16 makes it (cacheComponents:
// true) builds and serves the README's members page and proxy without a <Suspense> workaround.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { curl } from "./support/curl.js";
import { type NextInstance, nextBin, startNext } from "./support/next-server.js";
import { startTamperingService } from "./support/tampering-service.js";

const fixture = fileURLToPath(new URL("./fixtures/cache-components/", import.meta.url));
let service: Awaited<ReturnType<typeof startTamperingService>>;
let app: NextInstance;
let buildOutput: string;

beforeAll(async () => {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  for (const name of Object.keys(env)) if (name.startsWith("CREDPORT_")) delete env[name];
  buildOutput = execFileSync(process.execPath, [nextBin, "build"], {
    cwd: fixture,
    env,
    encoding: "utf8",
    stdio: "pipe",
  });
  service = await startTamperingService();
  app = await startNext(
    {
      CREDPORT_BASE_URL: service.url,
      CREDPORT_SECRET_KEY: service.project.secretKey,
      CREDPORT_SESSION_SECRET: "cache-components-session-secret-0123456789",
    },
    { dir: fixture },
  );
});
afterAll(async () => {
  app?.stop();
  await service?.close();
});

it("builds without CREDPORT_* variables and without prerender errors", () => {
  expect(buildOutput).not.toMatch(/uncached|Error occurred prerendering|blocking-route/i);
  expect(buildOutput).toMatch(/\/members/);
});

it("the proxy walls /members and the page serves a verified session", async () => {
  const anonymous = await curl(`${app.url}/members?from=mail`);
  expect(anonymous.status).toBe(307);
  expect(new URL(anonymous.location!, app.url).searchParams.get("redirect_url")).toBe(
    "/members?from=mail",
  );

  const created = await curl(`${app.url}/api/credport/verifications`, { method: "POST", body: {} });
  const id = created.json.verificationId as string;
  service.model.verifications.applyTrigger(id, "request_fetched");
  service.model.verifications.applyTrigger(id, "presentation_verified", {
    claims: { age_over_18: true },
  });
  const done = await curl(`${app.url}/api/credport/session`, {
    method: "POST",
    body: { verificationId: id },
    cookie: `credport_pending_${id}=${created.cookies.get(`credport_pending_${id}`)}`,
  });
  expect(done.status).toBe(200);
  const page = await curl(`${app.url}/members`, {
    cookie: `credport_session=${done.cookies.get("credport_session")}`,
  });
  expect(page.status).toBe(200);
  expect(page.text).toMatch(/Verified at (<!-- -->)?\d{4}-/);
});
