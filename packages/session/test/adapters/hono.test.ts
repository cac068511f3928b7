import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createCredportSession } from "../../src/session.js";
import { describeAdapterFlow } from "./adapter-flow.js";

// Hono is Fetch-native: no adapter, the two lines users write (README) mount the handler as is.
describeAdapterFlow("Hono on @hono/node-server", (options, prefix) => {
  const credport = createCredportSession(options);
  const app = new Hono();
  app.on(["GET", "POST", "DELETE"], `${credport.basePath}/*`, (c) => credport.handler(c.req.raw));
  app.get(`${prefix}/members`, async (c) => {
    const refused = await credport.requireVerified(c.req.raw);
    if (refused) return refused;
    const session = await credport.getSession(c.req.raw);
    return c.text(`members:${session?.verificationId}`);
  });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () =>
      resolve(server as Server),
    );
  });
});
