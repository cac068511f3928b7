import { CredportError, CredportSignatureVerificationError, verifyWebhook } from "@credport/server";
import { type CredportNextConfig, resolveConfig } from "./config.js";
import {
  clearCookie,
  PENDING_MAX_AGE_SECONDS,
  pendingCookieName,
  readCookies,
  SESSION_COOKIE,
  seal,
  setCookie,
  unseal,
} from "./cookies.js";
import { checkResult } from "./result-check.js";
import { isCrossSite } from "./same-origin.js";
import type { VerifiedSession } from "./verified-session.js";

interface PendingBinding {
  verificationId: string;
  userRef?: string;
  policyId: string;
  expiresAt: string;
}

type Handler = (request: Request) => Promise<Response>;

const json = (status: number, body: unknown, cookies: string[] = []) => {
  const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(JSON.stringify(body), { status, headers });
};
const refuse = (status: number, code: string, message: string) => json(status, { code, message });

/**
 * Route handlers for `app/api/credport/[...credport]/route.ts`:
 * `POST verifications` (create; sets the pending binding cookie), `GET verifications/{id}/status`,
 * `POST session` (finalize), `DELETE session` (sign out), `POST webhooks`.
 */
export function createCredportHandlers(options: CredportNextConfig): {
  GET: Handler;
  POST: Handler;
  DELETE: Handler;
} {
  const resolved = resolveConfig(options);
  const { basePath, config } = resolved;
  const route = (request: Request) =>
    new URL(request.url).pathname.slice(basePath.length).replace(/^\/+|\/+$/g, "");

  async function createVerification(request: Request): Promise<Response> {
    if (isCrossSite(request))
      return refuse(403, "CROSS_SITE_REQUEST", "Cross-site requests are refused.");
    const body = (await request.json().catch(() => ({}))) as { metadata?: Record<string, string> };
    const policyId = config.resolvePolicy ? await config.resolvePolicy(request) : config.policyId!;
    const userRef = (await config.getUserRef?.(request)) ?? undefined;
    const verification = await resolved.credport().verifications.create({
      policyId,
      ...(userRef ? { customerUserRef: userRef } : {}),
      ...(body.metadata ? { metadata: body.metadata } : {}),
    });
    const untilExpiry = Math.floor((Date.parse(verification.expiresAt) - Date.now()) / 1000);
    const maxAge = Math.max(1, Math.min(PENDING_MAX_AGE_SECONDS, untilExpiry));
    const binding: PendingBinding = {
      verificationId: verification.id,
      policyId,
      expiresAt: new Date(Date.now() + maxAge * 1000).toISOString(),
      ...(userRef ? { userRef } : {}),
    };
    const cookie = setCookie(
      request,
      pendingCookieName(verification.id),
      await seal(binding, resolved.passwords(), maxAge),
      { maxAge, path: basePath },
    );
    return json(
      201,
      {
        verificationId: verification.id,
        clientToken: verification.clientToken,
        expiresAt: verification.expiresAt,
        authorizationRequestUri: verification.authorizationRequestUri,
      },
      [cookie],
    );
  }

  async function finalize(request: Request): Promise<Response> {
    if (resolved.sessionMode === "manual")
      return refuse(
        404,
        "SESSION_MODE_MANUAL",
        "Sessions are finalized by the app (sessionMode: manual).",
      );
    if (isCrossSite(request))
      return refuse(403, "CROSS_SITE_REQUEST", "Cross-site requests are refused.");
    const { verificationId } = (await request.json().catch(() => ({}))) as {
      verificationId?: unknown;
    };
    const binding =
      typeof verificationId === "string"
        ? await unseal<PendingBinding>(
            readCookies(request)[pendingCookieName(verificationId)],
            resolved.passwords(),
          )
        : undefined;
    const userRef = (await config.getUserRef?.(request)) ?? undefined;
    if (
      !binding ||
      binding.verificationId !== verificationId ||
      Date.parse(binding.expiresAt) <= Date.now() ||
      (config.getUserRef && binding.userRef !== userRef)
    ) {
      return refuse(
        403,
        "VERIFICATION_BINDING_REQUIRED",
        "This browser did not start this verification, or its binding expired.",
      );
    }
    const credport = resolved.credport();
    const result = await credport.verifications.getResult(binding.verificationId);
    const problem = await checkResult(result, {
      verificationId: binding.verificationId,
      baseUrl: config.baseUrl ?? process.env.CREDPORT_BASE_URL ?? "",
    });
    if (problem) return refuse(409, "VERIFICATION_NOT_VERIFIED", `No session: ${problem}.`);
    const session: VerifiedSession = {
      verificationId: binding.verificationId,
      policyId: binding.policyId,
      verifiedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + resolved.sessionMaxAgeSeconds * 1000).toISOString(),
      claims: pick(result.claims, resolved.keepClaims),
      ...(binding.userRef ? { userRef: binding.userRef } : {}),
    };
    return json(200, { verified: true }, [
      setCookie(
        request,
        SESSION_COOKIE,
        await seal(session, resolved.passwords(), resolved.sessionMaxAgeSeconds),
        { maxAge: resolved.sessionMaxAgeSeconds, path: "/" },
      ),
      clearCookie(request, pendingCookieName(binding.verificationId), basePath),
    ]);
  }

  async function status(_request: Request, verificationId: string): Promise<Response> {
    const snapshot = await resolved.credport().verifications.getStatus(verificationId);
    return json(200, snapshot);
  }

  async function webhook(request: Request): Promise<Response> {
    if (!config.webhook)
      return refuse(404, "WEBHOOKS_NOT_CONFIGURED", "No webhook handler is configured.");
    const event = await verifyWebhook(request, { secret: config.webhook.secret });
    await config.webhook.onEvent(event);
    return new Response(null, { status: 204 });
  }

  const guard =
    (handler: (request: Request) => Promise<Response>): Handler =>
    async (request) => {
      try {
        return await handler(request);
      } catch (error) {
        if (error instanceof CredportSignatureVerificationError)
          return refuse(400, error.code, error.message);
        if (error instanceof CredportError) {
          const status = error.status && error.status < 500 ? error.status : 502;
          return refuse(status, error.code, error.message);
        }
        return refuse(500, "INTERNAL_ERROR", "credport/next: the request failed.");
      }
    };

  return {
    GET: guard(async (request) => {
      const match = /^verifications\/([^/]+)\/status$/.exec(route(request));
      if (match) return status(request, decodeURIComponent(match[1]!));
      return refuse(404, "NOT_FOUND", "No such Credport route.");
    }),
    POST: guard(async (request) => {
      const path = route(request);
      if (path === "verifications") return createVerification(request);
      if (path === "session") return finalize(request);
      if (path === "webhooks") return webhook(request);
      return refuse(404, "NOT_FOUND", "No such Credport route.");
    }),
    DELETE: guard(async (request) => {
      if (route(request) !== "session") return refuse(404, "NOT_FOUND", "No such Credport route.");
      if (isCrossSite(request))
        return refuse(403, "CROSS_SITE_REQUEST", "Cross-site requests are refused.");
      return json(200, { signedOut: true }, [clearCookie(request, SESSION_COOKIE, "/")]);
    }),
  };
}

function pick(claims: Record<string, unknown>, paths: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const segments = path.split(".");
    let value: unknown = claims;
    for (const s of segments)
      value =
        value && typeof value === "object" ? (value as Record<string, unknown>)[s] : undefined;
    if (value === undefined) continue;
    let node = out;
    segments.slice(0, -1).forEach((s) => {
      node[s] ??= {};
      node = node[s] as Record<string, unknown>;
    });
    node[segments.at(-1)!] = value;
  }
  return out;
}
