/**
 * Registers `url` as a webhook endpoint of the emulator's project (`POST /__emulator/webhooks`):
 * from then on the project's events are delivered there, signed with its webhook secret.
 * @param {{ url: string, projectId: string }} emulator
 * @param {string} url
 */
export async function registerWebhook(emulator, url) {
  const answer = await fetch(`${emulator.url}/__emulator/webhooks`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ projectId: emulator.projectId, url }),
  });
  if (answer.status !== 201)
    throw new Error(
      `example: the emulator refused the webhook endpoint ${url}: ${answer.status} ${await answer.text()}`,
    );
}
