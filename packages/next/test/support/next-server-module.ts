// `next/server` in the next project (its `resolve.alias`): the fake of ./next-headers.ts.
import { fakeNextServer } from "./next-headers.js";

export const { connection } = fakeNextServer;
