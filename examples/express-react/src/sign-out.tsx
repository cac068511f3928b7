import { SignOutButton } from "@credport/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

// The one interactive part of the server-rendered member page: DELETE /api/credport/session, then
// a full load of / in place of this page, so that Back finds no copy of it.
createRoot(document.getElementById("sign-out")!).render(
  <StrictMode>
    <SignOutButton className="sign-out" redirectTo="/" />
  </StrictMode>,
);
