import type { VerificationRecord } from "./verification-record.js";
import { verificationStatusView } from "./views.js";

type StatusView = Readonly<ReturnType<typeof verificationStatusView>>;

/** Each record's last status view, with the fields it was made from. */
const made = new WeakMap<VerificationRecord, { from: StatusSource; view: StatusView }>();
interface StatusSource {
  id: string;
  status: VerificationRecord["status"];
  failureCode: VerificationRecord["failureCode"] | undefined;
  expiresAt: string;
}

/**
 * The record's status view ({@link verificationStatusView}), frozen, and the same object for as
 * long as the four fields it shows are unchanged: browsers poll it, and a new view per read (and
 * its JSON, which `statusViewJson` keeps per view) was most of what a status read allocated.
 */
export function statusViewOf(record: VerificationRecord): StatusView {
  const known = made.get(record);
  if (
    known !== undefined &&
    known.from.status === record.status &&
    known.from.expiresAt === record.expiresAt &&
    known.from.failureCode === record.failureCode &&
    known.from.id === record.id
  )
    return known.view;
  const view = Object.freeze(verificationStatusView(record));
  made.set(record, {
    from: {
      id: record.id,
      status: record.status,
      failureCode: record.failureCode,
      expiresAt: record.expiresAt,
    },
    view,
  });
  return view;
}
