// Fastify 5 through `require`.
const { createCredportFastify } = require("@credport/session/fastify");
const Fastify = require("fastify");
const { ask, options } = require("./ask.cjs");

(async () => {
  const credport = createCredportFastify(options);
  const app = Fastify();
  await app.register(credport.plugin);
  app.get("/members", { preHandler: credport.requireVerified }, async () => "members");
  await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    await ask("fastify cjs", app.server.address().port);
  } finally {
    await app.close();
  }
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
