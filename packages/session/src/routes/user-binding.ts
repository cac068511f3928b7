import type { ResolvedConfig } from "../config/resolve-config.js";
import { readCookies } from "../cookies/cookie-header.js";
import { type PendingBinding, readPendingBinding } from "../cookies/pending-binding.js";
import { RouteError } from "./route-error.js";

/**
 * This browser's binding to `verificationId`, for the app's current user when sessions are bound
 * to users; otherwise 403 VERIFICATION_BINDING_REQUIRED, before the service is asked anything.
 */
export async function requireBinding(
  request: Request,
  verificationId: string,
  config: ResolvedConfig,
): Promise<PendingBinding> {
  const binding = await readPendingBinding(readCookies(request), verificationId, config.keyring, {
    secure: config.secureCookies,
    basePath: config.basePath,
  });
  if (!binding) throw RouteError.bindingRequired();
  if (config.bindsUsers && binding.userRef !== (await config.userRefFor(request)))
    throw RouteError.bindingRequired();
  return binding;
}
