import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

/** One POST as it arrived: the raw body, byte for byte, and its headers. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/webhooks`: what the emulator forwards to. */
  url: string;
  /** Every POST so far, in order. */
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * The smallest local webhook route a user could write: keeps each POST's raw body (a signature
 * covers the bytes as sent) and answers 200, as an app's route does once it has verified.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method === "POST") {
        received.push({
          path: request.url ?? "",
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        });
      }
      response.writeHead(request.method === "POST" ? 200 : 405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
