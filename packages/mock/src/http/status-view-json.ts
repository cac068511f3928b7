import type { verificationStatusView } from "../model/records/views.js";

type StatusView = ReturnType<typeof verificationStatusView>;
const text = JSON.stringify;

/**
 * The status view as JSON, the same text as `JSON.stringify(view)`: its keys are fixed, so only
 * the values go through `JSON.stringify`. The status read is the hottest route, and serialising the
 * whole object cost more than the rest of its handler.
 */
export function statusViewJson(view: StatusView): string {
  const failure =
    view.failure_code === undefined ? "" : `,"failure_code":${text(view.failure_code)}`;
  return `{"object":"verification_status","id":${text(view.id)},"status":${text(view.status)}${failure},"expires_at":${text(view.expires_at)}}`;
}
