import { request as httpRequest } from "node:http";

export const MB = 1024 * 1024;

/**
 * Sends up to `total` bytes of body as fast as the server takes them, and stops at the first
 * answer: how many bytes went out before the server answered tells whether it read the body
 * through. `contentLength` declares the size (else the body is chunked).
 */
export function upload(
  base: string,
  path: string,
  options: { total: number; contentLength?: number; headers?: Record<string, string> },
): Promise<{ status: number; sent: number; text: string }> {
  const { hostname, port } = new URL(base);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest({
      host: hostname,
      port,
      path,
      method: "POST",
      agent: false,
      headers: {
        origin: base,
        "content-type": "application/json",
        ...(options.contentLength === undefined
          ? { "transfer-encoding": "chunked" }
          : { "content-length": String(options.contentLength) }),
        ...options.headers,
      },
    });
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, sent, text: Buffer.concat(chunks).toString() });
        req.destroy();
      });
      res.on("error", reject);
    });
    // The server may close the connection once it has answered: that is not a failure here.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < options.total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered && options.contentLength === undefined) req.end();
    };
    pump();
  });
}
