import { getPublishableKey, safeRedirectPath } from "@credport/next";
import { VerificationWall } from "./verification-wall";

// Cache Components (Next.js 16's default): the key, the service URL and redirect_url are read
// per request, so one build runs anywhere.
export const instant = false;

export default async function VerifyPage({
  searchParams,
}: {
  searchParams: Promise<{ redirect_url?: string | string[] }>;
}) {
  return (
    <main>
      <h1>Prove you are over 18</h1>
      <p className="lead">
        Scan the code with your wallet app, or open your wallet on this device.
      </p>
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
