import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface InsecureOriginProxy {
  /** `host:port` for `LaunchOptions.proxy`. */
  address: string;
  /**
   * The same server under a made-up host name, e.g. `http://localhost:4000/x` →
   * `http://app.test:4000/x`. Browsers treat only localhost and loopback addresses as secure
   * contexts over plain http, so the page there has no Web Locks (`navigator.locks` is secure-only),
   * as an app served over http from a LAN or staging host name has none.
   */
  rename(url: string, host: string): string;
  close(): Promise<void>;
}

/**
 * A forward HTTP proxy on loopback that sends every request, whatever its host name, to the same
 * port on 127.0.0.1. Browsers launched with it reach loopback servers under `*.test` names; loopback
 * itself bypasses the proxy.
 */
export async function startInsecureOriginProxy(): Promise<InsecureOriginProxy> {
  const server = createServer((incoming, outgoing) => {
    let target: URL;
    try {
      target = new URL(incoming.url ?? "");
    } catch {
      outgoing.writeHead(400).end("absolute URL expected");
      return;
    }
    const forwarded = request(
      {
        host: "127.0.0.1",
        port: target.port || 80,
        method: incoming.method,
        path: `${target.pathname}${target.search}`,
        headers: incoming.headers,
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    outgoing.on("close", () => forwarded.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    rename(url, host) {
      const renamed = new URL(url);
      renamed.hostname = host;
      return renamed.toString().replace(/\/$/, "");
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
