import type { Model } from "@credport/mock";

export interface HistoryEntry {
  at: string;
  status: string;
  /** The webhook event that announced the change, when one did (creation sends none). */
  eventId?: string;
}

/**
 * A session's status history: created, then every transition, read from the webhook events the
 * transitions sent (each transition sends exactly one).
 */
export function statusHistory(
  model: Model,
  id: string,
  created: { at: string; status: string },
): HistoryEntry[] {
  const entries: HistoryEntry[] = [{ at: created.at, status: created.status }];
  for (const { event } of model.webhooks.events) {
    const object = event.data.object as { id?: unknown; status?: unknown };
    if (object?.id !== id) continue;
    const status = event.type.split(".")[1] ?? event.type;
    entries.push({ at: new Date(event.created * 1000).toISOString(), status, eventId: event.id });
  }
  return entries;
}
