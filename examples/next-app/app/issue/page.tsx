import { IssueBadge } from "./issue-badge";

export default function IssuePage() {
  return (
    <main>
      <h1>Issue an employee badge</h1>
      <p className="lead">Ada Lovelace’s badge, as a credential her wallet keeps.</p>
      <IssueBadge />
    </main>
  );
}
