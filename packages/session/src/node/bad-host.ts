/** The answer to a request whose `Host` header is missing or is not a host (no URL can be built). */
export function badHostResponse(label: string): Response {
  return Response.json(
    {
      code: "invalid_host",
      message: `${label}: the Host header must be a host name and an optional port.`,
    },
    { status: 400, headers: { "cache-control": "no-store" } },
  );
}
