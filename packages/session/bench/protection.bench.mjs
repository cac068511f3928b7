// What the protection check costs per request on each adapter: a request with a valid session
// cookie (unseal and every check included), in process on a Fetch `Request` and over real HTTP on
// Express 4 and 5, Fastify and Hono, each beside a bare route of the same server so that the cost
// the check adds shows. The Next middleware's figure comes from packages/next/bench/wall.bench.mjs
// (same part). Prints figures; asserts nothing. Over HTTP the figure judged by `bench --check` is
// the protected route's median over the bare route's, measured in rounds in each of several fresh
// processes of this file (part `ratio`, also run alone by `bench:check`;
// scripts/bench/processes.mjs): the figure is the median of the processes' ratios.
import { Agent, request as httpRequest } from "node:http";
import { createHandlers, createModel } from "@credport/mock";
import { setupServer } from "msw/node";
import { median, percentile, QUICK, reportFigure, wants } from "../../../scripts/bench/figure.mjs";
import {
  IS_SAMPLE_PROCESS,
  medianOfProcesses,
  reportSample,
  SAMPLE_ROUNDS,
  sampleProcess,
} from "../../../scripts/bench/processes.mjs";
import { medianOfRounds, ratioFields } from "../../../scripts/bench/rounds.mjs";

if (!wants("protection") && !wants("ratio")) process.exit(0);

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
// A sampling process gets the cookie from the process that started it.
const cookie = IS_SAMPLE_PROCESS ? process.env.CREDPORT_BENCH_COOKIE : await sessionCookie();

const summary = (samples) => ({ p50: percentile(samples, 50), p95: percentile(samples, 95) });
const ms = (value) => `${value.toFixed(3)} ms`;

// In process: the Fetch form that Hono, Bun, Deno and Workers call.
if (wants("protection") && !IS_SAMPLE_PROCESS) {
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
/** Requests of each route per round of the ratio. */
const ROUND_REQUESTS = 100;
/**
 * Requests of each route before a sampling process measures: the ratio rises while the JIT warms
 * up (Fastify's was 1.35 after 200, a steady 1.38–1.39 after 1,500), and a figure taken midway
 * moves with the machine's speed.
 */
const HTTP_WARM_UP = 1000;
async function measure(port) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const bare = [];
  const protectedPath = [];
  for (let i = 0; i < HTTP_WARM_UP; i++) {
    await get(agent, port, "/bare");
    await get(agent, port, "/members");
  }
  const time = async (path, samples) => {
    const start = performance.now();
    const status = await get(agent, port, path);
    const took = performance.now() - start;
    samples.push(took);
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    return took;
  };
  const ratio = await medianOfRounds(async (index) => {
    const round = { bare: [], protected: [] };
    for (let i = 0; i < ROUND_REQUESTS; i++) {
      // Alternating which goes first, so that neither always follows the other.
      const order = (i + index) % 2 ? ["bare", "protected"] : ["protected", "bare"];
      for (const side of order) {
        const took = await time(
          side === "bare" ? "/bare" : "/members",
          side === "bare" ? bare : protectedPath,
        );
        round[side].push(took);
      }
    }
    return median(round.protected) / median(round.bare);
  }, SAMPLE_ROUNDS);
  agent.destroy();
  return { bare: summary(bare), protected: summary(protectedPath), ratio };
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

/** One sampling process: every framework's ratio in turn, each from a server of its own. */
async function sampleFrameworks() {
  for (const [name, start] of Object.entries(frameworks)) {
    const server = await start();
    const { bare, protected: guarded, ratio } = await measure(server.port);
    await server.close();
    reportSample(name, ratio.median, {
      bareP50: bare.p50,
      bareP95: bare.p95,
      protectedP50: guarded.p50,
      protectedP95: guarded.p95,
    });
  }
}

if (IS_SAMPLE_PROCESS) {
  await sampleFrameworks();
  process.exit(0);
}

const byFramework = await medianOfProcesses(() =>
  sampleProcess(import.meta.url, { env: { CREDPORT_BENCH_COOKIE: cookie } }),
);
for (const [name, ratio] of Object.entries(byFramework)) {
  const { bareP50, bareP95, protectedP50, protectedP95 } = ratio.details;
  const added = protectedP50 - bareP50;
  console.log(
    `${name} over HTTP (medians of ${ratio.processes} processes): bare route p50 ${ms(bareP50)}, p95 ${ms(bareP95)}; protected p50 ${ms(protectedP50)}, p95 ${ms(protectedP95)}; added p50 ${ms(added)}; protected / bare ${ratio.median.toFixed(3)}× (95 % interval ${ratio.low.toFixed(3)}–${ratio.high.toFixed(3)}${ratio.settled ? "" : ", did not settle"})`,
  );
  const id = name.toLowerCase().replace(/\s+/g, "");
  reportFigure({
    id: `session.protection.${id}.over-bare`,
    label: `protection check, ${name} over HTTP, protected route's median over a bare route's`,
    value: Number(ratio.median.toFixed(3)),
    unit: "×",
    yardstick: `bare p50 ${ms(bareP50)}`,
    check: "lower",
    ...ratioFields(ratio),
  });
  reportFigure({
    id: `session.protection.${id}.added-p50`,
    label: `protection check, ${name} over HTTP, added to a bare route, p50`,
    value: Number(added.toFixed(3)),
    unit: "ms",
    yardstick: `bare p50 ${ms(bareP50)}, protected p50 ${ms(protectedP50)} / p95 ${ms(protectedP95)} (bare p95 ${ms(bareP95)})`,
    goal: "≤ 0.2 ms",
  });
}
