import { VerificationWall } from "./verification-wall";

// The publishable key and service URL come from the server at request time, so one build runs anywhere.
export const dynamic = "force-dynamic";

export default function VerifyPage() {
  return (
    <main>
      <h1>Prove you are over 18</h1>
      <VerificationWall
        publishableKey={process.env.CREDPORT_PUBLISHABLE_KEY ?? ""}
        baseUrl={process.env.CREDPORT_BASE_URL ?? ""}
      />
    </main>
  );
}
