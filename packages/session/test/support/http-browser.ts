import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** The session cookie's name where cookies are Secure (the default outside development). */
export const SESSION_COOKIE = "__Host-credport_session";

/** A browser's cookie jar over real HTTP: keeps what Set-Cookie stored, drops what it cleared. */
export class HttpBrowser {
  readonly jar = new Map<string, string>();
  setCookies: string[] = [];
  constructor(readonly origin: string) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** A request from this site's pages (Origin set), with the jar's cookies. */
  async send(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; headers: Headers; text: string; json: Record<string, unknown> }> {
    const response = await fetch(`${this.origin}${path}`, {
      method,
      redirect: "manual",
      headers: {
        origin: this.origin,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        cookie: this.cookieHeader(),
        ...headers,
      },
      body: body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body),
    });
    this.setCookies = response.headers.getSetCookie();
    for (const cookie of this.setCookies) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (/Max-Age=0/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {}
    return { status: response.status, headers: response.headers, text, json };
  }
}

/** `http://127.0.0.1:<port>` of a listening server. */
export const originOf = (server: Server) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Counts the bytes a server read from its sockets (closed ones and open ones). */
export function countBytesRead(server: Server): () => number {
  const sockets = new Set<Socket>();
  let closed = 0;
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      closed += socket.bytesRead;
      sockets.delete(socket);
    });
  });
  return () => closed + [...sockets].reduce((sum, s) => sum + s.bytesRead, 0);
}

/**
 * Sends `total` bytes to `url` (chunked, or with a Content-Length), as fast as the connection
 * takes them, and resolves with the status as soon as the answer arrives (errors writing the rest
 * after it are the server closing the connection, as it should).
 */
export function uploadLarge(
  url: string,
  total: number,
  options: { declareLength: boolean; headers?: Record<string, string> },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    let answered = false;
    const req = httpRequest(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(options.declareLength ? { "content-length": String(total) } : {}),
        ...options.headers,
      },
    });
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => {
        body += d;
      });
      res.on("end", () => resolve({ status: res.statusCode!, body }));
      res.on("error", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    let sent = 0;
    const write = () => {
      while (sent < total && !answered && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", write);
          return;
        }
      }
      if (sent >= total && !answered) req.end();
    };
    write();
  });
}
