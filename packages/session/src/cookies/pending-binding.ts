import * as z from "zod/mini";
import {
  type CookieScope,
  credportCookies,
  isPendingCookie,
  pendingCookie,
  pickCookie,
} from "./cookie-names.js";
import type { Keyring } from "./keyring.js";
import { openCookie, sealCookie } from "./sealed-cookie.js";

/** The service's cap on the browser binding. */
export const PENDING_MAX_AGE_SECONDS = 10 * 60;

/** Where the pending cookies live: Secure (`__Host-`, path `/`) or not (plain, `basePath`). */
export interface PendingScope {
  secure: boolean;
  basePath: string;
}

const PendingBindingSchema = z.strictObject({
  purpose: z.literal("pending-binding"),
  verificationId: z.string().check(z.minLength(1), z.maxLength(200)),
  policyId: z.string().check(z.minLength(1), z.maxLength(200)),
  userRef: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  /** Unix ms. */
  createdAt: z.int().check(z.positive()),
  /** Unix ms. */
  expiresAt: z.int().check(z.positive()),
});

/** The browser that started a verification, for whom, and until when it may finalize it. */
export type PendingBinding = z.infer<typeof PendingBindingSchema>;

export const sealPendingBinding = (binding: PendingBinding, keyring: Keyring, ttlSeconds: number) =>
  sealCookie("pending-binding", binding, keyring, ttlSeconds);

/** This browser's unexpired binding for `verificationId`, or `undefined`. */
export async function readPendingBinding(
  cookies: Record<string, string | undefined>,
  verificationId: string,
  keyring: Keyring,
  scope: PendingScope,
): Promise<PendingBinding | undefined> {
  const binding = await openCookie(
    "pending-binding",
    pickCookie(cookies, pendingCookie(verificationId, scope.secure, scope.basePath)),
    keyring,
    PendingBindingSchema,
  );
  if (!binding || binding.verificationId !== verificationId || binding.expiresAt <= Date.now())
    return undefined;
  return binding;
}

/**
 * The pending cookies to clear so that, with the one about to be set, at most `max` remain: the
 * oldest, every one that does not open, and those of the other kind (names of earlier versions).
 */
export async function surplusPendingCookies(
  cookies: Record<string, string | undefined>,
  keyring: Keyring,
  max: number,
  scope: PendingScope,
): Promise<CookieScope[]> {
  const { secure, basePath } = scope;
  const pending = Object.keys(cookies).filter((name) => isPendingCookie(name, secure));
  const otherKind = Object.keys(cookies).filter((name) => isPendingCookie(name, !secure));
  const opened = await Promise.all(
    pending.map(async (name) => ({
      name,
      binding: await openCookie("pending-binding", cookies[name], keyring, PendingBindingSchema),
    })),
  );
  const live = opened
    .filter(
      (c) => c.binding && pendingCookie(c.binding.verificationId, secure, basePath).name === c.name,
    )
    .sort((a, b) => b.binding!.createdAt - a.binding!.createdAt);
  const keep = new Set(live.slice(0, Math.max(0, max - 1)).map((c) => c.name));
  const surplus = pending.filter((name) => !keep.has(name));
  return credportCookies([...surplus, ...otherKind], secure, basePath);
}
