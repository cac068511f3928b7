// The yardstick for the status read: bare node:http answering a fixed status body of the same shape
// and headers, in its own process (started by emulator.bench.mjs with fork()).
import { createServer } from "node:http";

const body = JSON.stringify({
  object: "verification_status",
  id: "ver_0123456789ABCDEFGHIJ",
  status: "pending",
  expires_at: new Date(Date.now() + 15 * 60 * 1000).toISOString(),
});
const server = createServer((_req, res) => {
  res.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "x-request-id": "req_0123456789ABCDEFGHIJ",
  });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => {
  process.send({ type: "ready", url: `http://127.0.0.1:${server.address().port}` });
});
process.on("message", (message) => {
  if (message.type === "cpu") {
    const { user, system } = process.cpuUsage();
    process.send({ type: "cpu", micros: user + system });
  } else if (message.type === "stop") server.close(() => process.exit(0));
});
