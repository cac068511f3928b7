// Express (4 or 5, whichever this app installed) through `require`.
const { createServer } = require("node:http");
const { createCredportExpress } = require("@credport/session/express");
const express = require("express");
const { ask, options } = require("./ask.cjs");

const credport = createCredportExpress(options);
const app = express();
app.use(credport.router);
app.get("/members", credport.requireVerified, (_req, res) => res.send("members"));
const server = createServer(app).listen(0, "127.0.0.1", async () => {
  try {
    await ask(`express ${require("express/package.json").version} cjs`, server.address().port);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    server.close();
  }
});
