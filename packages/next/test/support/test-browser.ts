import type { createCredportHandlers } from "@credport/next";
import { APP } from "./mock-service.js";

type Handlers = ReturnType<typeof createCredportHandlers>;

/** The cookie names where cookies are Secure (the default outside development, as in these tests). */
export const SESSION_COOKIE = "__Host-credport_session";
export const PENDING_PREFIX = "__Host-credport_pending_";
export const pendingCookie = (verificationId: string) => `${PENDING_PREFIX}${verificationId}`;
type Method = "GET" | "POST" | "DELETE";

/** A browser's cookie jar in front of the route handlers: keeps what Set-Cookie stored, drops what it cleared. */
export class TestBrowser {
  readonly jar = new Map<string, string>();
  setCookies: string[] = [];
  constructor(
    private readonly handlers: Handlers,
    readonly origin = APP,
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async send(method: Method, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const request = new Request(`${this.origin}/api/credport/${path}`, {
      method,
      headers: {
        origin: this.origin,
        "content-type": "application/json",
        cookie: this.cookieHeader(),
        ...headers,
      },
      body: body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body),
    });
    const response = await this.handlers[method](request);
    this.setCookies = response.headers.getSetCookie();
    for (const cookie of this.setCookies) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (/Max-Age=0/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & {
        code?: string;
        message?: string;
        verificationId?: string;
      },
    };
  }

  /** POST verifications; the verification ID. */
  async start(): Promise<string> {
    const created = await this.send("POST", "verifications", {});
    if (created.status !== 201) throw new Error(`start answered ${created.status}`);
    return created.body.verificationId!;
  }

  pendingCookies(): string[] {
    return [...this.jar.keys()].filter((k) => k.startsWith(PENDING_PREFIX));
  }
}

/** A request to an app page carrying these cookies (what the middleware sees). */
export const pageRequest = (path: string, cookie = "", headers: Record<string, string> = {}) =>
  new Request(`${APP}${path}`, { headers: { cookie, ...headers } });
