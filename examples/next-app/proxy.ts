import { createCredportMiddleware } from "@credport/next";
import { type NextRequest, NextResponse } from "next/server";

// Created once: a missing CREDPORT_SESSION_SECRET fails here, not at the first visitor (`next build` excepted).
const protect = createCredportMiddleware({
  protect: ["/members"],
  signInPath: "/verify",
  // The same as the route handlers' (see app/api/credport/[...credport]/route.ts).
  ...(process.env.EXAMPLE_PLAIN_HTTP === "1" ? { secureCookies: false } : {}),
});

export async function proxy(request: NextRequest) {
  return (await protect(request)) ?? NextResponse.next();
}

export const config = { matcher: ["/((?!_next|api|favicon.ico).*)"] };
