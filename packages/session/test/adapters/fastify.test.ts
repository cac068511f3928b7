import type { Server } from "node:http";
import Fastify from "fastify";
import { createCredportFastify } from "../../src/fastify.js";
import { describeAdapterFlow } from "./adapter-flow.js";

describeAdapterFlow("Fastify", async (options, prefix) => {
  const credport = createCredportFastify(options);
  const app = Fastify();
  // The app's own JSON parser stays for its routes; the plugin's scope reads raw bytes.
  if (prefix) await app.register(credport.plugin, { prefix });
  else await app.register(credport.plugin);
  app.get(`${prefix}/members`, { preHandler: credport.requireVerified }, async (request, reply) => {
    const session = await credport.getSession(request);
    return reply.type("text/plain").send(`members:${session?.verificationId}`);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return app.server as Server;
});
