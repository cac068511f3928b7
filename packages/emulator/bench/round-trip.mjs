// One request at a time over a keep-alive connection of its own, timed from the call to the last
// byte of the answer: the emulator bench's per-request figure, where requests to two servers
// alternate one by one, so that the machine's speed (which moves from one second to the next by
// more than the emulator's whole cost) is the same for both sides of each pair.
import { Agent, request } from "node:http";

/**
 * A client for `baseUrl` with one keep-alive connection. `get(path, headers)` resolves to the
 * round trip in milliseconds; an answer other than 200 rejects, naming the status.
 */
export function roundTripClient(baseUrl) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(baseUrl);
  const get = (path, headers) =>
    new Promise((resolve, reject) => {
      const start = performance.now();
      request({ agent, hostname, port, path, headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`GET ${path} answered ${res.statusCode}`));
        res.resume();
        res.on("end", () => resolve(performance.now() - start));
      })
        .on("error", reject)
        .end();
    });
  return { get, close: () => agent.destroy() };
}
