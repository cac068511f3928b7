// A minimal status endpoint in its own process, for the per-call overhead figure: what the service
// answers to GET /v1/verifications/{id}/status, with no work behind it. Prints its port to the parent.
import { createServer } from "node:http";

const body = JSON.stringify({
  object: "verification_status",
  id: "ver_bench",
  status: "pending",
  expires_at: "2099-01-01T00:00:00.000Z",
});
const server = createServer((_req, res) => {
  res.writeHead(200, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "x-request-id": "req_bench",
  });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.send?.(server.address().port));
