import { getVerifiedSession } from "@credport/next";
import { redirect } from "next/navigation";

export const dynamic = "force-dynamic";

export default async function MembersPage() {
  const session = await getVerifiedSession();
  // The route requires it already; the page checks what it relies on.
  if (session?.claims.age_over_18 !== true) redirect("/verify?redirect_url=%2Fmembers");
  return (
    <main>
      <h1>Members</h1>
      <p id="member">
        Verified (over 18: {String(session.claims.age_over_18)}) at {session.verifiedAt}
      </p>
    </main>
  );
}
