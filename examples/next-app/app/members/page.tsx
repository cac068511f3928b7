import { getVerifiedSession } from "@credport/next";
import { SignOutButton } from "@credport/react";
import { redirect } from "next/navigation";

// Cache Components (Next.js 16's default): this page waits for the session read rather than
// streaming a static shell first.
export const instant = false;

export default async function MembersPage() {
  // The same secureCookies as the route handlers' (see app/api/credport/[...credport]/route.ts).
  const session = await getVerifiedSession(
    process.env.EXAMPLE_PLAIN_HTTP === "1" ? { secureCookies: false } : {},
  );
  // The route requires it already; the page checks what it relies on.
  if (session?.claims.age_over_18 !== true) redirect("/verify?redirect_url=%2Fmembers");
  return (
    <main>
      <h1>Members</h1>
      <section className="card">
        <p className="verified">Welcome in.</p>
        <p id="member">
          Verified (over 18: {String(session.claims.age_over_18)}) at {session.verifiedAt}
        </p>
        {/* DELETE /api/credport/session, then a full load of / in place of this page: Back finds no copy. */}
        <SignOutButton className="sign-out" redirectTo="/" />
      </section>
    </main>
  );
}
