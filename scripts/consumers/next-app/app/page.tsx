import { getVerifiedSession } from "@credport/next";
import { Suspense } from "react";

// Request-time work inside <Suspense>: with `cacheComponents` the rest is prerendered.
async function Session() {
  const session = await getVerifiedSession();
  return <p>{session ? "verified" : "anonymous"}</p>;
}

export default function Home() {
  return (
    <Suspense fallback={<p>…</p>}>
      <Session />
    </Suspense>
  );
}
