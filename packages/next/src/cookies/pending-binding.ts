import { z } from "zod";
import type { Keyring } from "./keyring.js";
import { openCookie, sealCookie } from "./sealed-cookie.js";

const PREFIX = "credport_pending_";
/** The service's cap on the browser binding. */
export const PENDING_MAX_AGE_SECONDS = 10 * 60;

/** One cookie per verification, so that tabs do not overwrite each other's binding. */
export const pendingCookieName = (verificationId: string) =>
  `${PREFIX}${verificationId.replace(/[^A-Za-z0-9_-]/g, "")}`;

const PendingBindingSchema = z.strictObject({
  purpose: z.literal("pending-binding"),
  verificationId: z.string().min(1).max(200),
  policyId: z.string().min(1).max(200),
  userRef: z.string().min(1).max(200).optional(),
  /** Unix ms. */
  createdAt: z.int().positive(),
  /** Unix ms. */
  expiresAt: z.int().positive(),
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
): Promise<PendingBinding | undefined> {
  const binding = await openCookie(
    "pending-binding",
    cookies[pendingCookieName(verificationId)],
    keyring,
    PendingBindingSchema,
  );
  if (!binding || binding.verificationId !== verificationId || binding.expiresAt <= Date.now())
    return undefined;
  return binding;
}

/**
 * Names of the pending cookies to clear so that, with the one about to be set, at most `max`
 * remain: the oldest, and every one that does not open.
 */
export async function surplusPendingCookies(
  cookies: Record<string, string | undefined>,
  keyring: Keyring,
  max: number,
): Promise<string[]> {
  const pending = Object.keys(cookies).filter((name) => name.startsWith(PREFIX));
  const opened = await Promise.all(
    pending.map(async (name) => ({
      name,
      binding: await openCookie("pending-binding", cookies[name], keyring, PendingBindingSchema),
    })),
  );
  const live = opened
    .filter((c) => c.binding && pendingCookieName(c.binding.verificationId) === c.name)
    .sort((a, b) => b.binding!.createdAt - a.binding!.createdAt);
  const keep = new Set(live.slice(0, Math.max(0, max - 1)).map((c) => c.name));
  return pending.filter((name) => !keep.has(name));
}
