import { createCredportMiddleware } from "@credport/next";
import { type NextRequest, NextResponse } from "next/server";

let protect: ReturnType<typeof createCredportMiddleware> | undefined;

export async function proxy(request: NextRequest) {
  protect ??= createCredportMiddleware({ protect: ["/members"], signInPath: "/verify" });
  return (await protect(request)) ?? NextResponse.next();
}

export const config = { matcher: ["/((?!_next|api|favicon.ico).*)"] };
