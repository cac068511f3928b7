// Express (4 or 5, whichever this app installed) through `import`.
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { createCredportExpress } from "@credport/session/express";
import express from "express";
import helpers from "./ask.cjs";

const credport = createCredportExpress(helpers.options);
const app = express();
app.use(credport.router);
app.get("/members", credport.requireVerified, (_req, res) => res.send("members"));
const server = createServer(app).listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
try {
  const { version } = createRequire(import.meta.url)("express/package.json");
  await helpers.ask(`express ${version} esm`, server.address().port);
} finally {
  server.close();
}
