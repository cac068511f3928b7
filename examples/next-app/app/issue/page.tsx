import { IssueBadge } from "./issue-badge";

export default function IssuePage() {
  return (
    <main>
      <h1>Issue an employee badge</h1>
      <IssueBadge />
    </main>
  );
}
