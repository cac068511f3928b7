// What the protection check costs per request on each adapter: a request with a valid session
// cookie (unseal and every check included), in process on a Fetch `Request` and over real HTTP on
// Express 4 and 5, Fastify and Hono, each beside a bare route of the same server so that the cost
// the check adds shows. The Next middleware's figure comes from packages/next/bench/wall.bench.mjs
// (same part). Prints figures; asserts nothing.
import { Agent, request as httpRequest } from "node:http";
import { createHandlers, createModel } from "@credport/mock";
import { setupServer } from "msw/node";
import { percentile, QUICK, reportFigure, wants } from "../../../scripts/bench/figure.mjs";

if (!wants("protection")) process.exit(0);

const { createCredportSession } = await import("@credport/session");
const { createCredportExpress } = await import("@credport/session/express");
const { createCredportFastify } = await import("@credport/session/fastify");

const BASE = "https://api.credport.test";
const APP = "https://app.test";
const ROUNDS = QUICK ? 500 : 2000;
const WARM_UP = 200;
const model = createModel();
const project = model.createProject();
const options = {
  secretKey: project.secretKey,
  baseUrl: BASE,
  sessionSecret: ["b".repeat(32), "a".repeat(32)],
  policyId: "preset_age_over_18",
  keepClaims: ["age_over_18"],
  protect: ["/members"],
  signInPath: "/verify",
};

/** A genuine session cookie, through the real flow against the in-memory service. */
async function sessionCookie() {
  const mock = setupServer(...createHandlers(model, { baseUrl: BASE }));
  mock.listen({ onUnhandledRequest: "bypass" });
  const { handler } = createCredportSession(options);
  const cookieOf = (response, prefix) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith(prefix))
      .split(";")[0];
  const created = await handler(
    new Request(`${APP}/api/credport/verifications`, { method: "POST", headers: { origin: APP } }),
  );
  const { verificationId } = await created.json();
  model.verifications.applyTrigger(verificationId, "request_fetched");
  model.verifications.applyTrigger(verificationId, "presentation_verified", {
    claims: { age_over_18: true },
  });
  const finalized = await handler(
    new Request(`${APP}/api/credport/session`, {
      method: "POST",
      headers: {
        origin: APP,
        "content-type": "application/json",
        cookie: cookieOf(created, "__Host-credport_pending_"),
      },
      body: JSON.stringify({ verificationId }),
    }),
  );
  mock.close();
  return cookieOf(finalized, "__Host-credport_session=");
}
const cookie = await sessionCookie();

const summary = (samples) => ({ p50: percentile(samples, 50), p95: percentile(samples, 95) });
const ms = (value) => `${value.toFixed(3)} ms`;

// In process: the Fetch form that Hono, Bun, Deno and Workers call.
{
  const { requireVerified } = createCredportSession(options);
  const request = () => new Request(`${APP}/members`, { headers: { cookie } });
  for (let i = 0; i < WARM_UP; i++) await requireVerified(request());
  const samples = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    if ((await requireVerified(request())) !== undefined)
      throw new Error("the session was refused");
    samples.push(performance.now() - start);
  }
  const { p50, p95 } = summary(samples);
  console.log(
    `@credport/session requireVerified(Request), in process: p50 ${ms(p50)}, p95 ${ms(p95)}`,
  );
  reportFigure({
    id: "session.protection.fetch.p50",
    label:
      "protection check, @credport/session requireVerified on a Fetch Request, in process, p50",
    value: Number(p50.toFixed(3)),
    unit: "ms",
    yardstick: `p95 ${ms(p95)}`,
    goal: "≤ 0.2 ms",
  });
}

// Over HTTP: one keep-alive connection, the bare and the protected route asked in turn.
function get(agent, port, path) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path, agent, headers: { cookie, host: "app.test" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      },
    );
    req.on("error", reject);
    req.end();
  });
}
async function measure(port) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const bare = [];
  const protectedPath = [];
  for (let i = 0; i < WARM_UP; i++) {
    await get(agent, port, "/bare");
    await get(agent, port, "/members");
  }
  for (let i = 0; i < ROUNDS; i++) {
    for (const [path, samples] of [
      ["/bare", bare],
      ["/members", protectedPath],
    ]) {
      const start = performance.now();
      const status = await get(agent, port, path);
      samples.push(performance.now() - start);
      if (status !== 200) throw new Error(`${path} answered ${status}`);
    }
  }
  agent.destroy();
  return { bare: summary(bare), protected: summary(protectedPath) };
}
const listening = (server) =>
  new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));

const frameworks = {
  async "Express 5"() {
    const { default: express } = await import("express5");
    return expressServer(express);
  },
  async "Express 4"() {
    const { default: express } = await import("express4");
    return expressServer(express);
  },
  async Fastify() {
    const { default: Fastify } = await import("fastify");
    const credport = createCredportFastify(options);
    const app = Fastify();
    await app.register(credport.plugin);
    app.get("/bare", async () => "ok");
    app.get("/members", { preHandler: credport.requireVerified }, async () => "ok");
    await app.listen({ port: 0, host: "127.0.0.1" });
    return { port: app.server.address().port, close: () => app.close() };
  },
  async Hono() {
    const { Hono } = await import("hono");
    const { serve } = await import("@hono/node-server");
    const credport = createCredportSession(options);
    const app = new Hono();
    app.on(["GET", "POST", "DELETE"], `${credport.basePath}/*`, (c) => credport.handler(c.req.raw));
    app.get("/bare", (c) => c.text("ok"));
    app.get("/members", async (c) => (await credport.requireVerified(c.req.raw)) ?? c.text("ok"));
    const server = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    return {
      port: server.address().port,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  },
};
async function expressServer(express) {
  const { createServer } = await import("node:http");
  const credport = createCredportExpress(options);
  const app = express();
  app.use(credport.router);
  app.get("/bare", (_req, res) => res.send("ok"));
  app.get("/members", credport.requireVerified, (_req, res) => res.send("ok"));
  const server = await listening(createServer(app));
  return {
    port: server.address().port,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

for (const [name, start] of Object.entries(frameworks)) {
  const server = await start();
  const figures = await measure(server.port);
  await server.close();
  const added = figures.protected.p50 - figures.bare.p50;
  console.log(
    `${name} over HTTP: bare route p50 ${ms(figures.bare.p50)}, p95 ${ms(figures.bare.p95)}; protected p50 ${ms(figures.protected.p50)}, p95 ${ms(figures.protected.p95)}; added p50 ${ms(added)}`,
  );
  reportFigure({
    id: `session.protection.${name.toLowerCase().replace(/\s+/g, "")}.added-p50`,
    label: `protection check, ${name} over HTTP, added to a bare route, p50`,
    value: Number(added.toFixed(3)),
    unit: "ms",
    yardstick: `bare p50 ${ms(figures.bare.p50)}, protected p50 ${ms(figures.protected.p50)} / p95 ${ms(figures.protected.p95)} (bare p95 ${ms(figures.bare.p95)})`,
    goal: "≤ 0.2 ms",
  });
}
