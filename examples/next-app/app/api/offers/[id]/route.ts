import { issuer } from "../credport";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const session = await (await issuer()).issuance.get(id);
  return Response.json({
    status: session.status,
    credentialStatus: session.credentialStatus ?? null,
  });
}
