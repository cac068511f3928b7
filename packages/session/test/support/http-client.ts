import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { rememberSecret } from "./telemetry-scan.js";

export const SESSION_COOKIE = "__Host-credport_session";
export const PENDING_PREFIX = "__Host-credport_pending_";
export const pendingCookie = (verificationId: string) => `${PENDING_PREFIX}${verificationId}`;

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  location: string | undefined;
  setCookies: string[];
  text: string;
  json: Record<string, unknown> & { code?: string; message?: string; verificationId?: string };
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  /** JSON-encoded unless a string. */
  body?: unknown;
}

/**
 * One request as a hostile client sends it: the path exactly as given (no URL normalising, so
 * `/./members` and `/%6Dembers` reach the server as written), any header, `Host` included.
 */
export function send(base: string, path: string, options: SendOptions = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === "string"
        ? options.body
        : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        path,
        method: options.method ?? "GET",
        agent: false,
        headers: {
          // Node sends a DELETE's body without framing unless told its length.
          ...(body === undefined
            ? {}
            : {
                "content-type": "application/json",
                "content-length": String(Buffer.byteLength(body)),
              }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: Answer["json"] = {};
          try {
            json = JSON.parse(text) as Answer["json"];
          } catch {
            // a page
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            location: res.headers.location,
            setCookies: res.headers["set-cookie"] ?? [],
            text,
            json,
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A browser's cookie jar against one app: keeps what Set-Cookie stored, drops what it cleared. */
export class HttpBrowser {
  readonly jar = new Map<string, string>();
  constructor(
    readonly app: string,
    readonly basePath = "/api/credport",
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** A same-origin request from the app's own page (Origin and Sec-Fetch-Site as a browser sends them). */
  async api(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
    const answer = await send(this.app, `${this.basePath}/${route}`, {
      method,
      body,
      headers: {
        origin: this.app,
        "sec-fetch-site": "same-origin",
        cookie: this.cookieHeader(),
        ...headers,
      },
    });
    this.store(answer.setCookies);
    return answer;
  }

  /** A page load (what the address bar sends). */
  page(path: string, headers: Record<string, string> = {}) {
    return send(this.app, path, {
      headers: {
        cookie: this.cookieHeader(),
        "sec-fetch-dest": "document",
        "sec-fetch-mode": "navigate",
        ...headers,
      },
    });
  }

  store(setCookies: string[]) {
    for (const cookie of setCookies) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      rememberSecret(value);
      if (/Max-Age=0/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** POST verifications; the verification ID. */
  async start(headers: Record<string, string> = {}): Promise<string> {
    const created = await this.api("POST", "verifications", {}, headers);
    if (created.status !== 201)
      throw new Error(`start answered ${created.status} ${created.text.slice(0, 200)}`);
    return created.json.verificationId!;
  }

  finalize(verificationId: string, headers: Record<string, string> = {}) {
    return this.api("POST", "session", { verificationId }, headers);
  }

  hasSession() {
    return this.jar.has(SESSION_COOKIE);
  }
}
