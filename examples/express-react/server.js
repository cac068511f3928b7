// Express 5 in front of a Vite React app: `pnpm dev` (Vite in middleware mode), or `pnpm build`
// then `pnpm start` (the built assets). CREDPORT_* come from the environment or .env.local.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { readPublishableKey } from "@credport/session";
import { createCredportExpress } from "@credport/session/express";
import escapeHtml from "escape-html";
import express from "express";

const envFile = new URL(".env.local", import.meta.url);
if (existsSync(envFile)) process.loadEnvFile(envFile); // the environment's values win

const credport = createCredportExpress({
  policyId: "preset_age_over_18",
  signInPath: "/verify",
  keepClaims: ["age_over_18"], // what /members shows; nothing else of the credential is kept
});
const publishableKey = readPublishableKey(); // throws on a secret key set there by mistake

const app = express();
app.use(credport.router); // /api/credport/*, before any body parser

const dev = process.env.NODE_ENV === "development";
const root = new URL(dev ? "./" : "./dist/", import.meta.url);
const vite = dev
  ? await (await import("vite")).createServer({
      root: fileURLToPath(root),
      server: { middlewareMode: true },
      appType: "custom",
    })
  : undefined;
if (vite) app.use(vite.middlewares);
else app.use("/assets", express.static(fileURLToPath(new URL("assets/", root))));

/** One of the Vite pages, its `{{name}}` marks replaced by the escaped values. */
async function page(req, name, values) {
  let html = await readFile(new URL(name, root), "utf8");
  if (vite) html = await vite.transformIndexHtml(req.originalUrl, html);
  return html.replace(/\{\{(\w+)\}\}/g, (_, key) => escapeHtml(String(values[key] ?? "")));
}

app.get("/", async (req, res) => {
  res.send(await page(req, "index.html", {}));
});

app.get("/verify", async (req, res) => {
  res.send(
    await page(req, "verify.html", {
      publishableKey,
      baseUrl: process.env.CREDPORT_BASE_URL,
    }),
  );
});

app.get("/members", credport.requireVerified, async (req, res) => {
  const session = await credport.getSession(req);
  res.set("cache-control", "no-store"); // this visitor's page only, and only while verified
  res.send(
    await page(req, "members.html", {
      ageOver18: session.claims.age_over_18,
      verifiedAt: session.verifiedAt,
      expiresAt: session.expiresAt,
      claims: JSON.stringify(session.claims, null, 2),
    }),
  );
});

const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(`express-react listening on http://localhost:${port}`));
