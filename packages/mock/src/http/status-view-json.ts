import type { verificationStatusView } from "../model/records/views.js";

type StatusView = Readonly<ReturnType<typeof verificationStatusView>>;
const text = JSON.stringify;
/** Texts made, by view: a record's view is one frozen object while it is unchanged (statusViewOf). */
const made = new WeakMap<StatusView, string>();

/**
 * The status view as JSON, the same text as `JSON.stringify(view)`: its keys are fixed, so only
 * the values go through `JSON.stringify`. The status read is the hottest route, and serialising the
 * whole object cost more than the rest of its handler; a view seen before is not serialised again.
 */
export function statusViewJson(view: StatusView): string {
  const known = made.get(view);
  if (known !== undefined) return known;
  const failure =
    view.failure_code === undefined ? "" : `,"failure_code":${text(view.failure_code)}`;
  const json = `{"object":"verification_status","id":${text(view.id)},"status":${text(view.status)}${failure},"expires_at":${text(view.expires_at)}}`;
  // Only frozen views: an object that may still change must be serialised each time.
  if (Object.isFrozen(view)) made.set(view, json);
  return json;
}
