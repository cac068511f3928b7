// The whole Credport flow in a terminal, against the embedded emulator: define a credential, offer
// it, let the test wallet redeem it, verify a presentation, then revoke and watch verification fail;
// then the age check that mdoc wallets answer (an ISO mdoc of the EU age attestation).
// In a terminal (or with --stay) it then stays up with a fresh offer and verification for you to
// click through in the emulator's test wallet page; --exit ends it right after the scripted run.
import { createServer } from "node:http";
import { startEmulator } from "@credport/emulator";
import { createTestWallet } from "@credport/mock/wallet";
import { Credport } from "@credport/server";
import { renderUnicodeCompact } from "uqr";

const step = (text) => console.log(`\n\u25b6 ${text}`);
const info = (text) => console.log(`  ${text}`);

const stay =
  process.argv.includes("--stay") || (process.stdout.isTTY && !process.argv.includes("--exit"));

async function main() {
  step("Starting the embedded Credport emulator");
  const emulator = await startEmulator({ port: 0, host: "127.0.0.1" });
  info(`emulator at ${emulator.url} (test project, keys created for this run)`);
  info(`dashboard: ${emulator.dashboardUrl} (every session, webhook and request of this run)`);

  const credport = new Credport({ secretKey: emulator.keys.secretKey, baseUrl: emulator.url });
  const webhooks = await startWebhookReceiver(credport, emulator.keys.webhookSecret);
  await registerWebhook(emulator, webhooks.url);
  info(`webhook receiver at ${webhooks.url}`);

  try {
    step("Creating and publishing a credential definition");
    const definition = await credport.credentialDefinitions.create({
      credentialDefinitionId: "employee-badge-v1",
      vct: "https://credport.example/vct/employee-badge",
      format: "dc+sd-jwt",
      title: "Employee badge",
      claims: [
        { path: ["given_name"], mandatory: true, display: [{ name: "Given name", locale: "en" }] },
        {
          path: ["family_name"],
          mandatory: true,
          display: [{ name: "Family name", locale: "en" }],
        },
        { path: ["employee", "department"], mandatory: false },
      ],
    });
    info(`${definition.credentialDefinitionId}: ${definition.lifecycleStatus}`);

    step("Creating an offer");
    const offer = await credport.issuance.createOffer({
      credentialDefinitionId: definition.credentialDefinitionId,
      claims: { given_name: "Ada", family_name: "Lovelace", employee: { department: "Analytics" } },
    });
    info(`issuance ${offer.id}: ${offer.status}`);
    info("scan with a wallet (or let the test wallet take it):");
    console.log(indent(renderUnicodeCompact(offer.offerQrUri, { border: 1 })));
    info(`or open it in the test wallet: ${offer.testWalletUrl}`);

    step("The test wallet redeems the offer");
    const wallet = await createTestWallet();
    const credential = await wallet.acceptOffer(offer.offerUri);
    await watchStatus(() => credport.issuance.get(offer.id), "issuance").until("credential_issued");
    info(`wallet holds a ${credential.format ?? "dc+sd-jwt"} credential of type ${credential.vct}`);

    step("Creating a policy and a verification");
    const policy = await credport.policies.create({
      name: "Badge check",
      credentialDefinitionId: definition.credentialDefinitionId,
      fields: [{ path: ["given_name"] }, { path: ["family_name"] }],
    });
    const first = await verifyWithWallet(credport, wallet, policy.policyId);
    if (first.status !== "verified") throw new Error(`expected verified, got ${first.status}`);
    const result = await credport.verifications.getResult(first.id);
    info(`verified fields: ${JSON.stringify(result.claims)}`);

    step("Revoking the credential");
    const revoked = await credport.issuance.revoke(offer.id);
    info(
      `issuance ${revoked.id}: status ${revoked.status}, credentialStatus ${revoked.credentialStatus}`,
    );

    step("A second verification with the revoked credential");
    const second = await verifyWithWallet(credport, wallet, policy.policyId);
    info(`verification ${second.id}: ${second.status} (${second.failureCode})`);
    if (second.failureCode !== "credential_revoked") throw new Error("expected credential_revoked");

    step(
      "An age check an mdoc wallet answers (the EU age attestation; an mDL or a PID answers it too)",
    );
    const ageOffer = await credport.issuance.createOffer({
      credentialDefinitionId: "credport.age_verification.mdoc.v1",
      claims: { "eu.europa.ec.av.1": { age_over_18: true } },
    });
    const ageWallet = await createTestWallet();
    const mdoc = await ageWallet.acceptOffer(ageOffer.offerUri);
    info(`wallet holds an ${mdoc.format} of doctype ${mdoc.docType}`);
    const ageCheck = await verifyWithWallet(credport, ageWallet, "preset_age_over_18");
    if (ageCheck.status !== "verified")
      throw new Error(`expected verified, got ${ageCheck.status}`);
    const age = await credport.verifications.getResult(ageCheck.id);
    info(`verified claims: ${JSON.stringify(age.claims)}`);

    step("Webhook events received, every signature verified");
    await webhooks.settle();
    for (const event of webhooks.events) info(`${event.type.padEnd(30)} ${event.id}`);
    console.log("\n\u2714 Demo complete.");
    if (stay)
      await yourTurn(credport, emulator, definition.credentialDefinitionId, policy.policyId);
  } finally {
    await webhooks.close();
    await emulator.close();
  }
}

/** A fresh offer and verification for a person to go through in the test wallet page, until Ctrl+C. */
async function yourTurn(credport, emulator, credentialDefinitionId, policyId) {
  const offer = await credport.issuance.createOffer({
    credentialDefinitionId,
    claims: { given_name: "Grace", family_name: "Hopper", employee: { department: "Navy" } },
  });
  const verification = await credport.verifications.create({ policyId });
  step("Your turn, in the browser (the emulator stays up until Ctrl+C)");
  info(`1. accept the offer in the test wallet:  ${offer.testWalletUrl}`);
  info(`2. then share it with the verification:  ${verification.testWalletUrl}`);
  info(`3. watch the sessions and webhooks:      ${emulator.dashboardUrl}`);
  await new Promise((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
}

async function verifyWithWallet(credport, wallet, policyId) {
  const verification = await credport.verifications.create({ policyId });
  info(`verification ${verification.id}: ${verification.status}`);
  info(`test wallet: ${verification.testWalletUrl}`);
  const watcher = watchStatus(
    () => credport.verifications.getStatus(verification.id),
    "verification",
  );
  await wallet.present(verification.authorizationRequestUri);
  return watcher.until("verified", "failed", "expired", "canceled");
}

/** Polls a status read and prints each change until one of the wanted statuses is reached. */
function watchStatus(read, label) {
  let last;
  return {
    async until(...wanted) {
      for (let attempt = 0; attempt < 200; attempt++) {
        const current = await read();
        if (current.status !== last) info(`${label} status \u2192 ${current.status}`);
        last = current.status;
        if (wanted.includes(current.status)) return current;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`${label} never reached ${wanted.join(" or ")}`);
    },
  };
}

async function registerWebhook(emulator, url) {
  const response = await fetch(`${emulator.url}/__emulator/webhooks`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ projectId: emulator.projectId, url }),
  });
  if (!response.ok) throw new Error(`could not register the webhook receiver: ${response.status}`);
}

async function startWebhookReceiver(credport, secret) {
  const events = [];
  const pending = new Set();
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    const done = new Promise((resolve) => {
      request.on("end", async () => {
        try {
          const event = await credport.webhooks.verify(
            {
              payload: Buffer.concat(chunks).toString("utf8"),
              signature: request.headers["webhook-signature"],
            },
            { secret },
          );
          events.push(event);
          info(`\u21b3 webhook ${event.type} (signature verified)`);
          response.writeHead(204).end();
        } catch (error) {
          info(`rejected a webhook: ${error.message}`);
          response.writeHead(400).end();
        }
        resolve();
      });
    });
    pending.add(done);
    done.then(() => pending.delete(done));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    events,
    async settle() {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await Promise.all(pending);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const indent = (text) =>
  text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");

main().catch((error) => {
  console.error(`\n\u2716 Demo failed: ${error.message}`);
  process.exit(1);
});
