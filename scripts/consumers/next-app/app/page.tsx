import { getVerifiedSession } from "@credport/next";

export const dynamic = "force-dynamic";

export default async function Home() {
  const session = await getVerifiedSession();
  return <p>{session ? "verified" : "anonymous"}</p>;
}
