// `next/headers` in the next project (its `resolve.alias`): the fake of ./next-headers.ts.
import { fakeNextHeaders } from "./next-headers.js";

export const { cookies, headers } = fakeNextHeaders;
