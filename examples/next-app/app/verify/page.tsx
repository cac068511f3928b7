import { getPublishableKey, safeRedirectPath } from "@credport/next";
import { VerificationWall } from "./verification-wall";

// The publishable key and service URL come from the server at request time, so one build runs anywhere.
export const dynamic = "force-dynamic";

export default async function VerifyPage({
  searchParams,
}: {
  searchParams: Promise<{ redirect_url?: string | string[] }>;
}) {
  return (
    <main>
      <h1>Prove you are over 18</h1>
      <VerificationWall
        // Refuses a secret key configured here by mistake, before it reaches the HTML.
        publishableKey={await getPublishableKey()}
        baseUrl={process.env.CREDPORT_BASE_URL ?? ""}
        // Where the wall sent the visitor from; only a path on this site.
        returnTo={safeRedirectPath((await searchParams).redirect_url, "/members")}
      />
    </main>
  );
}
