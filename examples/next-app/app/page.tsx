import Link from "next/link";

export default function Home() {
  return (
    <main>
      <h1>Credport example</h1>
      <p className="lead">
        A members area behind a wallet presentation, and an issuer page that hands out badges.
        Against the local emulator, each page offers “Open in test wallet”: no phone needed.
      </p>
      <div className="cards">
        <section className="card">
          <h2>Members area</h2>
          <p>Needs a verified wallet presentation: over 18.</p>
          <Link className="button primary" href="/members" prefetch={false}>
            Enter
          </Link>
        </section>
        <section className="card">
          <h2>Issue a badge</h2>
          <p>Offers an employee badge credential to a wallet.</p>
          <Link className="button" href="/issue">
            Issue
          </Link>
        </section>
      </div>
    </main>
  );
}
