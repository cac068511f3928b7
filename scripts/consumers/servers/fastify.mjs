// Fastify 5 through `import`.
import { createCredportFastify } from "@credport/session/fastify";
import Fastify from "fastify";
import helpers from "./ask.cjs";

const credport = createCredportFastify(helpers.options);
const app = Fastify();
await app.register(credport.plugin);
app.get("/members", { preHandler: credport.requireVerified }, async () => "members");
await app.listen({ port: 0, host: "127.0.0.1" });
try {
  await helpers.ask("fastify esm", app.server.address().port);
} finally {
  await app.close();
}
