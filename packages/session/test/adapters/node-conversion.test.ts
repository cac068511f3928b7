import { createServer, request as httpRequest, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { toFetchRequest } from "../../src/node/node-request.js";
import { sendFetchResponse } from "../../src/node/send-response.js";
import { countBytesRead, originOf } from "../support/http-browser.js";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});
const listen = (s: Server) =>
  new Promise<string>((resolve) => s.listen(0, "127.0.0.1", () => resolve(originOf(s))));

describe("sendFetchResponse", () => {
  it("streams: the client reads the first chunk before the second exists", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server = createServer((_req, res) => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode("data: first\n\n"));
          await released;
          controller.enqueue(new TextEncoder().encode("data: second\n\n"));
          controller.close();
        },
      });
      void sendFetchResponse(
        res,
        new Response(body, { headers: { "content-type": "text/event-stream" } }),
      );
    });
    const origin = await listen(server);
    const response = await fetch(origin);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe("data: first\n\n");
    release();
    const second = new TextDecoder().decode((await reader.read()).value);
    expect(second).toBe("data: second\n\n");
  });
});

describe("toFetchRequest", () => {
  it("stops reading the Node request when the Fetch body is cancelled, and still answers", async () => {
    server = createServer(async (req, res) => {
      const request = toFetchRequest(req, res, new URL(`http://127.0.0.1${req.url}`));
      const reader = request.body!.getReader();
      await reader.read();
      await reader.cancel();
      await sendFetchResponse(res, new Response("stopped", { status: 413 }));
    });
    const bytesRead = countBytesRead(server);
    const origin = await listen(server);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${origin}/`, { method: "POST" });
      req.on("response", (res) => resolve(res.statusCode!));
      req.on("error", reject);
      const chunk = Buffer.alloc(64 * 1024, "a");
      let sent = 0;
      const write = () => {
        while (sent < 4 * 1024 * 1024 && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", write);
        }
        req.end();
      };
      write();
    });
    expect(status).toBe(413);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bytesRead()).toBeLessThan(2 * 1024 * 1024);
  });
});
