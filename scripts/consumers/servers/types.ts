// Type-level consumer of the adapters, compiled with moduleResolution node16 and bundler: each
// adapter's middleware fits where its framework's own types expect one.
import { createCredportSession, type VerifiedSession } from "@credport/session";
import { createCredportExpress } from "@credport/session/express";
import { createCredportFastify } from "@credport/session/fastify";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";

const options = { policyId: "preset_age_over_18", protect: ["/members"] };

export function expressApp() {
  const credport = createCredportExpress(options);
  const app = express();
  app.use(credport.router);
  app.get("/members", credport.requireVerified, async (req, res) => {
    const session: VerifiedSession | null = await credport.getSession(req);
    res.send(session?.verificationId ?? "");
  });
  return app;
}

export async function fastifyApp() {
  const credport = createCredportFastify(options);
  const app = Fastify();
  await app.register(credport.plugin);
  app.get("/members", { preHandler: credport.requireVerified }, async (request) => {
    const session: VerifiedSession | null = await credport.getSession(request);
    return session?.verificationId ?? "";
  });
  return app;
}

export function honoApp() {
  const credport = createCredportSession(options);
  const app = new Hono();
  app.on(["GET", "POST", "DELETE"], `${credport.basePath}/*`, (c) => credport.handler(c.req.raw));
  app.use(async (c, next) => (await credport.wall(c.req.raw)) ?? next());
  return app;
}
