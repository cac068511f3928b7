import { parse, serialize } from "cookie";

export function readCookies(request: Request): Record<string, string | undefined> {
  return parse(request.headers.get("cookie") ?? "");
}

export interface CookieOptions {
  path: string;
  /** Seconds; 0 clears the cookie. */
  maxAge: number;
  secure: boolean;
}

/** HttpOnly, SameSite=Lax, path-scoped: the only kind of cookie the helper sets. */
export const cookieHeader = (name: string, value: string, options: CookieOptions) =>
  serialize(name, value, {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: options.path,
    maxAge: options.maxAge,
  });

export const clearCookieHeader = (name: string, options: Omit<CookieOptions, "maxAge">) =>
  cookieHeader(name, "", { ...options, maxAge: 0 });
