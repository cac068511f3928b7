// The yardstick for the status read: bare node:http answering a fixed status body of the same shape,
// in its own process (forked by emulator.bench.mjs with forked-server.mjs). By default with three
// headers (content type, length, request ID; node adds Date); with ANSWER_HEADERS=emulator, with
// every header the emulator's answer carries (its two CORS headers too): the same bytes on the wire,
// so that this server's figure is the ceiling of the emulator's ratio, all of the emulator's own work
// aside.
import { createServer } from "node:http";

const body = JSON.stringify({
  object: "verification_status",
  id: "ver_0123456789ABCDEFGHIJ",
  status: "pending",
  expires_at: new Date(Date.now() + 15 * 60 * 1000).toISOString(),
});
/** The default: three headers, the yardstick `emulator.status-read.over-bare` was measured with. */
const plain = (_req, res) => {
  res.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "x-request-id": "req_0123456789ABCDEFGHIJ",
  });
  res.end(body);
};
/** ANSWER_HEADERS=emulator: the emulator's status answer's headers, its CORS headers included (node adds Date). */
const asTheEmulator = (_req, res) => {
  res.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "x-request-id": "req_0123456789ABCDEFGHIJ",
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "x-request-id, retry-after, date",
    "content-length": String(Buffer.byteLength(body)),
  });
  res.end(body);
};
const server = createServer(process.env.ANSWER_HEADERS === "emulator" ? asTheEmulator : plain);
server.listen(0, "127.0.0.1", () => {
  process.send({ type: "ready", url: `http://127.0.0.1:${server.address().port}` });
});
// A bench file that failed never says stop: its end closes the channel, and this process goes too.
process.on("disconnect", () => process.exit(0));
process.on("message", (message) => {
  if (message.type === "cpu") {
    const { user, system } = process.cpuUsage();
    process.send({ type: "cpu", micros: user + system });
  } else if (message.type === "stop") server.close(() => process.exit(0));
});
