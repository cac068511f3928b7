import type { Model } from "@credport/mock";
import type { Tenant, WebhookEndpoint } from "@credport/mock/engine";

/**
 * Makes the emulator project's forwarded endpoint match this start's `forwardWebhooksTo`: the
 * endpoint an earlier start registered for the same URL is kept (same ID; the project's webhook
 * secret is the project's, so it stays too), one for another URL is removed, and a missing one is
 * registered. `url` undefined removes every forwarded endpoint: forwarding lasts as long as a
 * start asks for it, as `stripe listen --forward-to` does.
 */
export function forwardWebhooks(
  model: Model,
  tenant: Tenant,
  url: string | undefined,
): WebhookEndpoint | undefined {
  let kept: WebhookEndpoint | undefined;
  for (const endpoint of [...model.webhooks.endpoints]) {
    if (!endpoint.forwarded) continue;
    const same =
      endpoint.url === url &&
      endpoint.tenant.projectId === tenant.projectId &&
      endpoint.tenant.environment === tenant.environment;
    if (same && !kept) kept = endpoint;
    else model.webhooks.unregister(endpoint.id);
  }
  if (url === undefined || kept) return kept;
  return model.webhooks.register(tenant, url, { forwarded: true });
}
