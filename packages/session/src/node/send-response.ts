import type { ServerResponse } from "node:http";

/** The next `drain`, or the end of the response (a client that left never drains). */
const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.removeListener("drain", done);
      res.removeListener("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });

/**
 * Writes a Fetch `Response` to a Node response: every `Set-Cookie` as its own header (setting the
 * list at once would let a framework overwrite it, express #2204), and the body streamed chunk by
 * chunk with back-pressure (the status proxy streams). A client that goes away cancels the body.
 */
export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.appendHeader("set-cookie", cookie);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const onClose = () => {
    reader.cancel().catch(() => {});
  };
  res.on("close", onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res);
      if (res.destroyed) return;
    }
    res.end();
  } catch {
    // The client left, or the body failed mid-way: what was sent is all there is.
    res.destroy();
  } finally {
    res.removeListener("close", onClose);
  }
}
