// Starts the issuer backend. Against a real service when CREDPORT_BASE_URL, CREDPORT_SECRET_KEY and
// CREDPORT_WEBHOOK_SECRET are set; otherwise against an embedded emulator.
import { createServer } from "node:http";
import { startEmulator } from "@credport/emulator";
import { Credport } from "@credport/server";
import { createIssuerApp } from "./issuer-app.mjs";

const port = Number(process.env.PORT ?? 3001);
const credentialDefinitionId = process.env.CREDENTIAL_DEFINITION_ID ?? "employee-badge-v1";
let emulator;
if (!process.env.CREDPORT_BASE_URL) {
  emulator = await startEmulator();
  process.env.CREDPORT_BASE_URL = emulator.url;
  process.env.CREDPORT_SECRET_KEY = emulator.keys.secretKey;
  process.env.CREDPORT_WEBHOOK_SECRET = emulator.keys.webhookSecret;
  console.log(`No CREDPORT_BASE_URL: using an embedded emulator at ${emulator.url}`);
}

const credport = new Credport(); // reads CREDPORT_SECRET_KEY and CREDPORT_BASE_URL
if (emulator) {
  await credport.credentialDefinitions.create({
    credentialDefinitionId,
    vct: "https://credport.example/vct/employee-badge",
    title: "Employee badge",
    claims: [
      { path: ["given_name"], mandatory: true },
      { path: ["family_name"], mandatory: true },
    ],
  });
}

const app = createIssuerApp({
  credport,
  webhookSecret: process.env.CREDPORT_WEBHOOK_SECRET,
  credentialDefinitionId,
});
const server = createServer(app).listen(port, "127.0.0.1", async () => {
  console.log(
    `Issuer backend on http://127.0.0.1:${port}: POST /offers, POST /webhooks, GET /events`,
  );
  if (emulator) {
    // With the real service, webhook endpoints are configured in its dashboard.
    await fetch(`${emulator.url}/__emulator/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        projectId: emulator.projectId,
        url: `http://127.0.0.1:${port}/webhooks`,
      }),
    });
  }
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close();
    emulator?.close();
  });
}
