import type { IncomingMessage, ServerResponse } from "node:http";
import { errorReply, toModelError } from "@credport/mock/engine";
import { NodeIncoming, writeNodeAnswer } from "../http/node-transport.js";
import type { FaceContext, FaceHandler } from "./context.js";

/**
 * Serves one dashboard or wallet page request over node:http. These pages go through a Fetch
 * `Request` and `Response`: they are few and far between, unlike the service's routes, which keep
 * the router's node:http path.
 */
export async function serveFace<Context extends FaceContext>(
  req: IncomingMessage,
  res: ServerResponse,
  handler: FaceHandler<Context>,
  context: Omit<Context, "request" | "url">,
  origin: string,
): Promise<void> {
  const incoming = new NodeIncoming(req, res, origin);
  try {
    const body =
      incoming.method === "GET" || incoming.method === "HEAD"
        ? ""
        : await incoming.readBody(context.model.limits.requestBodyBytes);
    const request = incoming.toRequest(body);
    // `Omit<Context, …>` plus the two fields is a `Context`; TypeScript cannot see it through the generic.
    writeNodeAnswer(
      res,
      await handler({ ...context, request, url: new URL(request.url) } as Context),
    );
  } catch (error) {
    if (res.headersSent) res.destroy();
    else writeNodeAnswer(res, errorReply(toModelError(error)));
  }
}
