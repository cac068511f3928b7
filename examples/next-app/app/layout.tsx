import "./globals.css";
import Link from "next/link";
import type { ReactNode } from "react";

export const metadata = { title: "Credport example" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <Link href="/" className="brand">
            ◆ Credport example
          </Link>
          <nav aria-label="Main">
            <Link href="/members">Members</Link>
            <Link href="/issue">Issue a badge</Link>
          </nav>
        </header>
        {children}
      </body>
    </html>
  );
}
