import { createServer, type Server } from "node:http";
import type express5 from "express5";
import { createCredportExpress } from "../../src/express.js";
import type { CredportSessionOptions } from "../../src/session.js";

type ExpressModule = typeof express5;

/** An Express app (4 or 5): the router at `prefix` (or at the root), `/members` behind the wall. */
export function startExpress(
  express: ExpressModule,
  options: CredportSessionOptions,
  prefix: string,
  { parserFirst = false } = {},
): Promise<Server> {
  const credport = createCredportExpress(options);
  const app = express();
  if (parserFirst) app.use(express.json());
  if (prefix) app.use(prefix, credport.router);
  else app.use(credport.router);
  app.use(express.json());
  app.get(`${prefix}/members`, credport.requireVerified, async (req, res) => {
    const session = await credport.getSession(req);
    res.type("text").send(`members:${session?.verificationId}`);
  });
  const server = createServer(app);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}
