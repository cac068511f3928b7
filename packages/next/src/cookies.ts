import { parse, serialize } from "cookie";
import { sealData, unsealData } from "iron-session";

export const SESSION_COOKIE = "credport_session";
/** One pending cookie per verification, so that tabs do not overwrite each other's binding. */
export const pendingCookieName = (verificationId: string) =>
  `credport_pending_${verificationId.replace(/[^A-Za-z0-9_]/g, "")}`;
export const PENDING_MAX_AGE_SECONDS = 10 * 60;

export function readCookies(request: Request): Record<string, string | undefined> {
  return parse(request.headers.get("cookie") ?? "");
}

/** Secure everywhere except plain http on localhost (development). */
function isSecure(request: Request): boolean {
  const url = new URL(request.url);
  const local =
    url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
  return !(url.protocol === "http:" && local);
}

export function setCookie(
  request: Request,
  name: string,
  value: string,
  options: { maxAge: number; path: string },
): string {
  return serialize(name, value, {
    httpOnly: true,
    secure: isSecure(request),
    sameSite: "lax",
    path: options.path,
    maxAge: options.maxAge,
  });
}

export function clearCookie(request: Request, name: string, path: string): string {
  return serialize(name, "", {
    httpOnly: true,
    secure: isSecure(request),
    sameSite: "lax",
    path,
    maxAge: 0,
  });
}

export const seal = (data: unknown, passwords: Record<string, string>, ttlSeconds: number) =>
  sealData(data, { password: passwords, ttl: ttlSeconds });

/** The sealed data, or `undefined` when the cookie is missing, tampered with, sealed with another secret, or expired. */
export async function unseal<T>(
  value: string | undefined,
  passwords: Record<string, string>,
): Promise<T | undefined> {
  if (!value) return undefined;
  try {
    const data = await unsealData<T>(value, { password: passwords });
    return data && Object.keys(data as object).length > 0 ? data : undefined;
  } catch {
    return undefined;
  }
}
