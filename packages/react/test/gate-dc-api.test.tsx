import {
  CredportProvider,
  useVerification,
  VerificationGate,
  type VerificationGateProps,
} from "@credport/react";
import { createCredportTestEnvironment } from "@credport/react/testing";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The gate's "use a wallet on this device" (the Digital Credentials API), with a fake
 * `DigitalCredential` and `navigator.credentials` standing in for the browser and its wallet. The
 * fake refuses `get()` outside a click, as a browser does without transient user activation. The
 * mock service has no DC API channel: the test's fetch adds the requests to the start answer and
 * plays the service's answer endpoint over the mock's state.
 */

const SIGNED = { protocol: "openid4vp-v1-signed", data: { request: "eyJhbGciOiJFUzI1NiJ9.e30.s" } };
const ANSWER = { protocol: "openid4vp-v1-signed", data: { response: "eyJhbGciOiJFQ0RILUVTIn0.x" } };

const browser = {
  allowed: ["openid4vp-v1-signed"],
  /** True only while a click is dispatched: what transient user activation allows. */
  activation: false,
  get: vi.fn<(options: unknown) => Promise<unknown>>(),
};
function installBrowserApi() {
  (globalThis as Record<string, unknown>).DigitalCredential = {
    userAgentAllowsProtocol: (protocol: string) => browser.allowed.includes(protocol),
  };
  Object.defineProperty(navigator, "credentials", {
    configurable: true,
    value: {
      get: (options: unknown) =>
        browser.activation
          ? browser.get(options)
          : Promise.reject(new DOMException("no user activation", "NotAllowedError")),
    },
  });
}
afterEach(() => {
  cleanup();
  delete (globalThis as Record<string, unknown>).DigitalCredential;
  delete (navigator as unknown as Record<string, unknown>).credentials;
  delete (document as unknown as Record<string, unknown>).featurePolicy;
  browser.get.mockReset();
});

/** A user's click: `get()` is allowed only while its handlers run. */
function click(element: HTMLElement) {
  browser.activation = true;
  try {
    fireEvent.click(element);
  } finally {
    browser.activation = false;
  }
}

/** Holds the service's answer to the wallet's answer until released (for the busy state). */
let serviceAnswer: Promise<void> = Promise.resolve();

function renderWith(ui: React.ReactNode, dcApiRequests: unknown = [SIGNED]) {
  const env = createCredportTestEnvironment();
  const posted: { body: unknown; authorization: string | null }[] = [];
  const withDcApi: typeof fetch = async (input, init) => {
    const request = new Request(new URL(String(input), "https://app.test"), init);
    const answer = await env.fetch(input, init);
    if (request.url.endsWith("/api/credport/verifications") && answer.ok && dcApiRequests)
      return Response.json({ ...(await answer.json()), dcApiRequests });
    const answered = /\/v1\/verifications\/([^/]+)\/dc-api-response$/.exec(request.url);
    if (!answered) return answer;
    await serviceAnswer;
    const id = decodeURIComponent(answered[1]!);
    posted.push({
      body: await request.json(),
      authorization: request.headers.get("authorization"),
    });
    env.model.verifications.applyTrigger(id, "request_fetched");
    env.model.verifications.applyTrigger(id, "presentation_verified", {
      claims: { age_over_18: true },
    });
    const record = env.model.verifications.findForProtocol(id)!;
    return Response.json({
      object: "verification_status",
      id,
      status: "verified",
      expires_at: record.expiresAt,
    });
  };
  const view = render(
    <CredportProvider {...env.providerProps} fetch={withDcApi}>
      {ui}
    </CredportProvider>,
  );
  return { env, view, posted };
}
const renderGate = (props: Partial<VerificationGateProps> = {}, dcApiRequests?: unknown) =>
  renderWith(
    <VerificationGate policyId="preset_age_over_18" navigate={() => {}} {...props}>
      <p>Welcome in</p>
    </VerificationGate>,
    dcApiRequests,
  );

const QR = { name: "Scan with your wallet to verify" };
const DEVICE = { name: "Use a wallet on this device" };
const status = () => screen.getByRole("status").textContent;
const deviceButton = () => screen.findByRole("button", DEVICE);

describe("<VerificationGate> with the Digital Credentials API", () => {
  it("offers the wallet on this device first, calls get() in the click, and verifies with one tap", async () => {
    installBrowserApi();
    browser.get.mockResolvedValue(ANSWER);
    const { view, posted, env } = renderGate();
    const button = await deviceButton();
    const qr = screen.getByRole("img", QR);
    // First in the gate, the QR code and the wallet link still there below it.
    expect(button.compareDocumentPosition(qr) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open your wallet" })).toBeDefined();
    expect(view.container.querySelector(".credport-gate")!.getAttribute("data-dc-api")).toBe(
      "ready",
    );

    click(button);
    expect(browser.get).toHaveBeenCalledTimes(1);
    expect(browser.get.mock.calls[0]![0]).toMatchObject({ digital: { requests: [SIGNED] } });
    await screen.findByText("Welcome in");
    expect(posted).toEqual([{ body: ANSWER, authorization: expect.stringMatching(/^Bearer .+/) }]);
    expect(env.finalizedSessions()).toBe(1);
  });

  it.each([
    ["a browser without the API", () => {}, [SIGNED]],
    [
      "a browser that allows none of the protocols",
      () => installBrowserApi(),
      [{ protocol: "org-iso-mdoc", data: {} }],
    ],
    ["a start answer without DC API requests", () => installBrowserApi(), null],
    [
      "a cross-origin iframe without allow=digital-credentials-get",
      () => {
        installBrowserApi();
        (document as unknown as Record<string, unknown>).featurePolicy = {
          allowsFeature: (name: string) => name !== "digital-credentials-get",
        };
      },
      [SIGNED],
    ],
  ])("%s: no such button, the QR code and link as before", async (_, setUp, requests) => {
    setUp();
    renderGate({}, requests);
    await screen.findByRole("img", QR);
    expect(status()).toBe("Scan the QR code with your wallet app.");
    expect(screen.queryByRole("button", DEVICE)).toBeNull();
    expect(screen.getByRole("link", { name: "Open your wallet" })).toBeDefined();
  });

  it("busy while the wallet prompt is open; a decline says so, keeps the QR code, and the button tries again", async () => {
    installBrowserApi();
    let decline!: () => void;
    browser.get.mockImplementationOnce(
      () =>
        new Promise(
          (_, reject) => (decline = () => reject(new DOMException("closed", "NotAllowedError"))),
        ),
    );
    renderGate();
    click(await deviceButton());
    const busy = screen.getByRole("button", DEVICE) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute("aria-busy")).toBe("true");
    expect(status()).toBe("Choose a wallet in your browser's window…");
    expect(screen.getByRole("img", QR)).toBeDefined();

    await act(async () => decline());
    await waitFor(() =>
      expect(status()).toBe("You closed the wallet window. Try again, or use the QR code or link."),
    );
    expect(screen.getByRole("img", QR)).toBeDefined();
    const again = screen.getByRole("button", DEVICE) as HTMLButtonElement;
    expect(again.disabled).toBe(false);

    browser.get.mockResolvedValueOnce(ANSWER);
    click(again);
    expect(browser.get).toHaveBeenCalledTimes(2);
    await screen.findByText("Welcome in");
  });

  it("checking the wallet's answer: busy, then in", async () => {
    installBrowserApi();
    browser.get.mockResolvedValue(ANSWER);
    let release!: () => void;
    serviceAnswer = new Promise((resolve) => (release = resolve));
    try {
      renderGate();
      click(await deviceButton());
      await waitFor(() => expect(status()).toBe("Checking your wallet's answer…"));
      expect((screen.getByRole("button", DEVICE) as HTMLButtonElement).disabled).toBe(true);
      release();
      await screen.findByText("Welcome in");
    } finally {
      serviceAnswer = Promise.resolve();
    }
  });

  it.each([
    [
      "a wallet error",
      () => Promise.resolve({ protocol: SIGNED.protocol, data: { error: "access_denied" } }),
      "Your wallet could not share your credential. Try again, or use the QR code or link.",
    ],
    [
      "a browser error",
      () => Promise.reject(new DOMException("boom", "SecurityError")),
      "The wallet on this device could not be reached. Try again, or use the QR code or link.",
    ],
  ])("%s: a short message, the QR code, and the button again", async (_, answer, text) => {
    installBrowserApi();
    browser.get.mockImplementation(answer);
    renderGate();
    click(await deviceButton());
    await waitFor(() => expect(status()).toBe(text));
    expect(screen.getByRole("img", QR)).toBeDefined();
    expect((screen.getByRole("button", DEVICE) as HTMLButtonElement).disabled).toBe(false);
  });

  it("on a phone: the button first, then the wallet link, the QR code one tap away", async () => {
    installBrowserApi();
    renderGate({ handoff: "link" });
    const button = await deviceButton();
    const link = screen.getByRole("link", { name: "Open your wallet" });
    expect(button.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole("img", QR)).toBeNull();
    expect(screen.getByRole("button", { name: "Use a wallet on another device" })).toBeDefined();
  });

  it("its texts can be replaced like the others", async () => {
    installBrowserApi();
    browser.get.mockRejectedValue(new DOMException("closed", "NotAllowedError"));
    renderGate({
      messages: {
        deviceWallet: "Wallet auf diesem Gerät verwenden",
        deviceWalletDeclined: "Abgebrochen.",
      },
    });
    click(await screen.findByRole("button", { name: "Wallet auf diesem Gerät verwenden" }));
    await waitFor(() => expect(status()).toBe("Abgebrochen."));
  });
});

/** An app's own button for the wallet on this device, from `useVerification`. */
function OwnButton() {
  const v = useVerification({ policyId: "preset_age_over_18", autoStart: true, returnTo: false });
  return (
    <>
      <output>{`${v.phase}/${v.dcApi ?? "none"}`}</output>
      {v.dcApi === "ready" ? (
        <button type="button" onClick={() => void v.present().catch(() => {})}>
          My wallet button
        </button>
      ) : null}
    </>
  );
}

describe("useVerification and the Digital Credentials API", () => {
  it("exposes dcApi, and present() from your own button calls get() in the click", async () => {
    installBrowserApi();
    browser.get.mockResolvedValue(ANSWER);
    renderWith(<OwnButton />);
    click(await screen.findByRole("button", { name: "My wallet button" }));
    expect(browser.get).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("verified/submitted"));
  });

  it("says unsupported where the browser has no such API", async () => {
    renderWith(<OwnButton />);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("pending/unsupported"));
  });
});
