import {
  authorizationRequestUri,
  handOverDcApiAnswer,
  TAMPERS,
  verificationOfAnnexCRequest,
  verificationOfDcApiNonce,
} from "@credport/mock/engine";
import type { DigitalCredentialRequestLike, Tamper } from "@credport/mock/wallet";
import { readForm, redirect } from "../face/forms.js";
import { htmlResponse } from "../face/html.js";
import { layout } from "../face/layout.js";
import { handoffTarget } from "./handoff-target.js";
import { credentialType, type Panel, walletPage } from "./wallet-page.js";
import type { WalletPageContext } from "./wallet-page-context.js";
import type { Flash, WalletSession } from "./wallet-sessions.js";

const NOT_OURS =
  "This test wallet answers offers and requests of this emulator only. Paste a link that the emulator made (it starts with openid-credential-offer:// or openid4vp://).";

/** A wallet's error, without its "test wallet:" prefix, as a sentence for the page. */
const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/^test wallet:\s*/, "");

/** `GET /wallet[?uri=…]`: the wallet, and what the link offers or asks for. */
export async function showWallet(ctx: WalletPageContext): Promise<Response> {
  const { session, setCookie } = await ctx.wallets.of(ctx.request, cookiePath(ctx));
  const uri = ctx.url.searchParams.get("uri")?.trim();
  let panel: Panel = { kind: "open" };
  if (uri) {
    const target = handoffTarget(uri, bases(ctx));
    const ended = target && statusLine(ctx, target);
    if (!target) {
      panel = { kind: "error", uri, title: "Not a link for this wallet", text: NOT_OURS };
    } else if (ended) {
      panel = { kind: "error", uri, title: "This link was used up", text: ended };
    } else {
      try {
        panel =
          target.kind === "offer"
            ? { kind: "offer", uri, preview: await session.wallet.inspectOffer(uri) }
            : {
                kind: "request",
                uri,
                preview: await session.wallet.inspectRequest(uri),
                asker: await ctx.model.verifierOf(target.id, ctx.publicBaseUrl),
              };
      } catch (error) {
        const title =
          target.kind === "offer"
            ? "This offer cannot be accepted"
            : "This request cannot be answered";
        panel = { kind: "error", uri, title, text: statusLine(ctx, target) ?? `${reason(error)}.` };
      }
    }
  }
  const flash = session.flash;
  session.flash = undefined;
  return htmlResponse(
    layout(walletPage(ctx, session.wallet, panel, flash), ctx.basePath),
    200,
    setCookie ? { "set-cookie": setCookie } : {},
  );
}

/** `POST /wallet/accept`: redeems the offer over OpenID4VCI. */
export async function acceptOffer(ctx: WalletPageContext): Promise<Response> {
  return walletAction(ctx, async (session, form) => {
    const uri = form.get("uri") ?? "";
    const target = handoffTarget(uri, bases(ctx));
    if (target?.kind !== "offer")
      return fail(ctx, session, "Not an offer for this wallet", NOT_OURS);
    const txCode = form.get("tx_code")?.trim();
    try {
      const credential = await session.wallet.acceptOffer(uri, txCode ? { txCode } : {});
      const issuance = ctx.model.issuance.findForProtocol(target.id);
      session.flash = {
        tone: "ok",
        title: `${credential.title ?? credentialType(credential)} added to your wallet`,
        ...(issuance
          ? { text: ` The issuer's session ${issuance.id} is now ${issuance.status}.` }
          : {}),
      };
      return walletUrl(ctx);
    } catch (error) {
      session.flash = {
        tone: "bad",
        title: "The credential was not issued",
        text: ` ${reason(error)}`,
      };
      return walletUrl(ctx, uri);
    }
  });
}

/** `POST /wallet/present`: answers the request over OpenID4VP: share (some fields, maybe tampered) or refuse. */
export async function presentCredential(ctx: WalletPageContext): Promise<Response> {
  return walletAction(ctx, async (session, form) => {
    const uri = form.get("uri") ?? "";
    const target = handoffTarget(uri, bases(ctx));
    if (target?.kind !== "request")
      return fail(ctx, session, "Not a request for this wallet", NOT_OURS);
    const refuse = form.get("decision") === "refuse";
    const tamper = form.get("tamper") || undefined;
    if (tamper !== undefined && !(TAMPERS as readonly string[]).includes(tamper))
      return fail(ctx, session, "Unknown tamper", `Choose one of ${TAMPERS.join(", ")}.`);
    try {
      const shared = new Set(form.getAll("share"));
      const { fields } = refuse ? { fields: [] } : await session.wallet.inspectRequest(uri);
      const omit = fields.filter((path) => !shared.has(JSON.stringify(path)));
      await session.wallet.present(uri, {
        ...(refuse ? { refuse: true } : {}),
        ...(omit.length > 0 ? { omit } : {}),
        ...(tamper ? { tamper: tamper as Tamper } : {}),
      });
      const verification = ctx.model.verifications.findForProtocol(target.id);
      const outcome = verification
        ? {
            text: ` Verification ${verification.id} is now ${verification.status}${verification.failureCode ? ` (${verification.failureCode})` : ""}.`,
          }
        : {};
      session.flash = refuse
        ? { tone: "info", title: "You refused the request", ...outcome }
        : {
            tone: verification?.status === "verified" ? "ok" : "bad",
            title:
              verification?.status === "verified"
                ? "Shared with the verifier"
                : "Sent, and the verifier did not accept it",
            ...outcome,
          };
      return walletUrl(ctx);
    } catch (error) {
      session.flash = { tone: "bad", title: "Nothing was sent", text: ` ${reason(error)}` };
      return walletUrl(ctx, uri);
    }
  });
}

/**
 * `POST /wallet/dc-api`: answers a pasted Digital Credentials API request as a wallet on the
 * device would, for the page origin given; shows the answer (to copy into a page) and, when asked,
 * hands it to the verification whose request it is, as the page would post it.
 */
export async function answerDcApiRequest(ctx: WalletPageContext): Promise<Response> {
  return walletAction(ctx, async (session, form) => {
    let requests: unknown;
    try {
      requests = JSON.parse(form.get("requests") ?? "");
    } catch {
      requests = undefined;
    }
    const list = (Array.isArray(requests) ? requests : [requests]).filter(
      (r): r is DigitalCredentialRequestLike =>
        !!r && typeof r === "object" && typeof (r as { protocol?: unknown }).protocol === "string",
    );
    if (list.length === 0)
      return fail(
        ctx,
        session,
        "Not a DC API request",
        "Paste the dc_api_requests your app received (a JSON array), or one { protocol, data } of it.",
      );
    const tamper = form.get("tamper") || undefined;
    if (tamper !== undefined && !(TAMPERS as readonly string[]).includes(tamper))
      return fail(ctx, session, "Unknown tamper", `Choose one of ${TAMPERS.join(", ")}.`);
    const refuse = form.get("decision") === "refuse";
    // The request names no verification (the browser is its channel): its nonce does, or for an
    // Annex C request alone (what Safari passes), its encryptionInfo.
    const verification =
      verificationOfDcApiNonce(ctx.model, nonceOf(list)) ??
      (await verificationOfAnnexCRequest(
        ctx.model,
        (list.find((r) => r.protocol === "org-iso-mdoc")?.data as { encryptionInfo?: unknown })
          ?.encryptionInfo,
      ));
    try {
      const identityFrom =
        verification &&
        authorizationRequestUri(
          ctx.publicBaseUrl,
          verification.id,
          await ctx.model.protocol.verifier.clientIdFor(verification.tenant, ctx.publicBaseUrl),
        );
      const answer = await session.wallet.answerDcApiRequest(list, {
        origin: form.get("origin")?.trim() ?? "",
        ...(refuse ? { refuse: true } : {}),
        ...(tamper ? { tamper: tamper as Tamper } : {}),
        ...(identityFrom ? { identityFrom } : {}),
      });
      const copy = JSON.stringify(answer);
      if (!form.get("deliver") || !verification) {
        session.flash = {
          tone: "info",
          title: refuse ? "You refused: here is the wallet's error" : "Here is the wallet's answer",
          text: verification
            ? " Copy it into your page, or post it to the verification's dc-api-response."
            : " No open verification of this emulator made this request: copy the answer where you need it.",
          copy,
        };
        return walletUrl(ctx);
      }
      await handOverDcApiAnswer(ctx.model, ctx.publicBaseUrl, verification, answer);
      const after = ctx.model.verifications.findForProtocol(verification.id)!;
      session.flash = {
        tone: after.status === "verified" ? "ok" : refuse ? "info" : "bad",
        title: refuse
          ? "You refused the request"
          : after.status === "verified"
            ? "Shared with the verifier"
            : "Sent, and the verifier did not accept it",
        text: ` Verification ${after.id} is now ${after.status}${after.failureCode ? ` (${after.failureCode})` : ""}.`,
        copy,
      };
      return walletUrl(ctx);
    } catch (error) {
      session.flash = { tone: "bad", title: "Nothing was sent", text: ` ${reason(error)}` };
      return walletUrl(ctx);
    }
  });
}

/** The nonce of the first OpenID4VP request: in a signed one's payload, or among the parameters. */
function nonceOf(requests: DigitalCredentialRequestLike[]): unknown {
  const data = (requests[0]?.data ?? {}) as Record<string, unknown>;
  if (typeof data.request !== "string") return data.nonce;
  try {
    const payload = data.request.split(".")[1] ?? "";
    return (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { nonce?: unknown })
      .nonce;
  } catch {
    return undefined;
  }
}

/** `POST /wallet/new`: this browser starts over with an empty wallet. */
export async function startOver(ctx: WalletPageContext): Promise<Response> {
  const { session } = await ctx.wallets.of(ctx.request, cookiePath(ctx));
  ctx.wallets.forget(session.id);
  const fresh = await ctx.wallets.create(cookiePath(ctx));
  fresh.session.flash = { tone: "info", title: "You have a new, empty wallet" };
  return redirect(walletUrl(ctx), { "set-cookie": fresh.setCookie });
}

async function walletAction(
  ctx: WalletPageContext,
  act: (session: WalletSession, form: URLSearchParams) => Promise<string>,
): Promise<Response> {
  const form = await readForm(ctx.request);
  const { session, setCookie } = await ctx.wallets.of(ctx.request, cookiePath(ctx));
  const location = await act(session, form);
  return redirect(location, setCookie ? { "set-cookie": setCookie } : {});
}

function fail(ctx: WalletPageContext, session: WalletSession, title: string, text: string): string {
  session.flash = { tone: "bad", title, text: ` ${text}` } satisfies Flash;
  return walletUrl(ctx);
}

const bases = (ctx: WalletPageContext) => [ctx.publicBaseUrl, ctx.localUrl];
const cookiePath = (ctx: WalletPageContext) => `${ctx.basePath}/wallet`;
const walletUrl = (ctx: WalletPageContext, uri?: string) =>
  `${ctx.basePath}/wallet${uri ? `?uri=${encodeURIComponent(uri)}` : ""}`;

/** Why an offer or request of this emulator cannot be used any more, in plain words. */
function statusLine(
  ctx: WalletPageContext,
  target: { kind: "offer" | "request"; id: string },
): string | undefined {
  const record =
    target.kind === "offer"
      ? ctx.model.issuance.findForProtocol(target.id)
      : ctx.model.verifications.findForProtocol(target.id);
  if (!record) return undefined;
  const ended = ["canceled", "expired", "failed", "verified", "credential_issued"];
  if (!ended.includes(record.status)) return undefined;
  return `${target.kind === "offer" ? "Issuance" : "Verification"} ${record.id} is ${record.status.replaceAll("_", " ")}. Ask the app for a new ${target.kind === "offer" ? "offer" : "request"}.`;
}
