import { createCredportMiddleware } from "@credport/next";
import { type NextRequest, NextResponse } from "next/server";

const protect = createCredportMiddleware({ protect: ["/members"], signInPath: "/verify" });

export async function proxy(request: NextRequest) {
  return (await protect(request)) ?? NextResponse.next();
}
