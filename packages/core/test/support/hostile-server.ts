import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** What the hostile server saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

/** One way to answer (or not answer) a request. */
export type Behaviour = (req: IncomingMessage, res: ServerResponse, seen: SeenRequest) => void;

export interface HostileServer {
  url: string;
  requests: SeenRequest[];
  /** Bytes written to response bodies so far (to prove a huge body was not read whole). */
  bytesSent(): number;
  /** The next requests meet these behaviours in order; the last one then repeats. */
  answer(...behaviours: Behaviour[]): void;
  close(): Promise<void>;
}

/**
 * A node:http server on loopback that misbehaves on purpose: redirects, stalls, resets, huge or
 * malformed bodies. Tests script it request by request.
 */
export async function startHostileServer(): Promise<HostileServer> {
  const requests: SeenRequest[] = [];
  let queue: Behaviour[] = [json(200, { ok: true })];
  let sent = 0;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const seen: SeenRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      requests.push(seen);
      const behaviour = queue.length > 1 ? queue.shift()! : queue[0]!;
      const write = res.write.bind(res);
      res.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
        sent += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
        return write(chunk, ...rest);
      }) as typeof res.write;
      behaviour(req, res, seen);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    bytesSent: () => sent,
    answer(...behaviours) {
      queue = behaviours;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Behaviour =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

export const raw =
  (status: number, text: string, headers: Record<string, string> = {}): Behaviour =>
  (_req, res) => {
    res.writeHead(status, headers);
    res.end(text);
  };

export const redirect =
  (status: number, location: string): Behaviour =>
  (_req, res) => {
    res.writeHead(status, { location, "content-type": "application/json" });
    res.end('{"id":"from-the-redirect"}');
  };

/** Accepts the request and never answers. */
export const stall = (): Behaviour => () => {};

/** Sends the headers and the start of a body, then nothing more. */
export const stallBody = (): Behaviour => (_req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.write('{"id":');
};

/** Answers as `behaviour` does, after `ms`. */
export const late =
  (ms: number, behaviour: Behaviour): Behaviour =>
  (req, res, seen) => {
    setTimeout(() => behaviour(req, res, seen), ms);
  };

/** Destroys the connection after reading the request (the write may have been applied). */
export const reset = (): Behaviour => (req) => req.socket.destroy();

/**
 * Streams `bytes` of a JSON string for as long as the client reads; with `declare`, a
 * Content-Length says so up front.
 */
export const hugeBody =
  (bytes: number, options: { declare?: boolean; status?: number } = {}): Behaviour =>
  (_req, res) => {
    res.writeHead(options.status ?? 200, {
      "content-type": "application/json",
      ...(options.declare ? { "content-length": String(bytes) } : {}),
    });
    const chunk = "x".repeat(64 * 1024);
    let left = bytes - 2;
    res.write('"');
    const pump = () => {
      while (left > 0) {
        const piece = left >= chunk.length ? chunk : chunk.slice(0, left);
        left -= piece.length;
        if (!res.write(piece)) return void res.once("drain", pump);
      }
      res.end('"');
    };
    res.on("error", () => {});
    res.on("close", () => {
      left = 0;
    });
    pump();
  };
