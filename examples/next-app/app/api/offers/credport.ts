import { Credport, CredportConflictError } from "@credport/server";

export const BADGE = "employee-badge-v1";
let client: Credport | undefined;
let definitionReady: Promise<unknown> | undefined;

/** The server client (CREDPORT_SECRET_KEY, CREDPORT_BASE_URL), with the example's definition published once. */
export async function issuer(): Promise<Credport> {
  client ??= new Credport();
  definitionReady ??= client.credentialDefinitions
    .create({
      credentialDefinitionId: BADGE,
      vct: "https://credport.example/vct/employee-badge",
      title: "Employee badge",
      claims: [
        { path: ["given_name"], mandatory: true, display: [{ name: "Given name" }] },
        { path: ["family_name"], mandatory: true, display: [{ name: "Family name" }] },
      ],
    })
    .catch((error) => {
      if (!(error instanceof CredportConflictError)) throw error; // already there
    });
  await definitionReady;
  return client;
}
