// A setup file: each test file gives back the global Request and Response it started with.
// @hono/node-server puts its own on the global object when it serves, as it does in an app; the
// files of a worker share globals, and msw, in a later file, tells a dropped connection
// (`Response.error()`) by `instanceof Response`, so it would answer status 0 instead of failing.
import { afterAll } from "vitest";

const { Request, Response } = globalThis;
afterAll(() => {
  Object.assign(globalThis, { Request, Response });
});
