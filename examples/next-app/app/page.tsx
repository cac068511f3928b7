import Link from "next/link";

export default function Home() {
  return (
    <main>
      <h1>Credport example</h1>
      <p>
        <Link href="/members">Members area</Link> (needs a verified wallet presentation) ·{" "}
        <Link href="/issue">Issue a badge</Link>
      </p>
    </main>
  );
}
