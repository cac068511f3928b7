// Hono (ESM only) on @hono/node-server: the two-line mount of the Fetch handler and wall.

import { createCredportSession } from "@credport/session";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import helpers from "./ask.cjs";

const credport = createCredportSession(helpers.options);
const app = new Hono();
app.on(["GET", "POST", "DELETE"], `${credport.basePath}/*`, (c) => credport.handler(c.req.raw));
app.use(async (c, next) => (await credport.wall(c.req.raw)) ?? next());
app.get("/members", (c) => c.text("members"));
const server = await new Promise((resolve) => {
  const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
});
try {
  await helpers.ask("hono esm", server.address().port);
} finally {
  server.close();
}
