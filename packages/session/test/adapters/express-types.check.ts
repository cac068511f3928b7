// Type-checked only (`pnpm typecheck`): an app on @types/express 4 or 5 passes the adapter's
// middlewares and requests without casts, whichever major it uses.
import express4 from "express4";
import express5 from "express5";
import { createCredportExpress } from "../../src/express.js";

const credport = createCredportExpress({ policyId: "preset_age_over_18" });

const app4 = express4();
app4.use(credport.router);
app4.use("/auth", credport.router);
app4.get("/members", credport.requireVerified, async (req, res) => {
  const session = await credport.getSession(req);
  res.send(session?.verificationId);
});
express4.Router().use(credport.router);

const app5 = express5();
app5.use(credport.router);
app5.use("/auth", credport.router);
app5.get("/members", credport.requireVerified, async (req, res) => {
  const session = await credport.getSession(req);
  res.send(session?.verificationId);
});
express5.Router().use(credport.router);
