// Next.js 15's name for proxy.ts; it runs in the Edge Runtime, which resolves `edge-light`.
import { createCredportMiddleware } from "@credport/next";
import { type NextRequest, NextResponse } from "next/server";

const protect = createCredportMiddleware({ protect: ["/members"], signInPath: "/verify" });

export async function middleware(request: NextRequest) {
  return (await protect(request)) ?? NextResponse.next();
}
