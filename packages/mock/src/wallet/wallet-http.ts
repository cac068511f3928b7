import { TestWalletError } from "./test-wallet-error.js";

/** An answer's status and JSON body (`{}` when there is none, or it is not JSON). */
export interface WalletAnswer {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
}

/** The wallet's HTTP: its fetch, and the ways it reads answers. */
export interface WalletHttp {
  fetch: typeof fetch;
  /** A request and its answer, whatever the status. */
  call(url: string, init?: RequestInit): Promise<WalletAnswer>;
  /** The JSON body of a 2xx answer; any other answer throws, naming the request. */
  expectOk(url: string, init?: RequestInit): Promise<Record<string, unknown>>;
  /** A form POST that must succeed. */
  postForm(url: string, values: Record<string, string>): Promise<Record<string, unknown>>;
  /** The JSON body of a 2xx answer; any other answer throws, naming `what` answered and why. */
  answer(response: Response, what: string): Promise<Record<string, unknown>>;
}

export function walletHttp(fetchImpl: typeof fetch): WalletHttp {
  const call = async (url: string, init: RequestInit = {}) =>
    readAnswer(await fetchImpl(url, init));
  const expectOk = async (url: string, init: RequestInit = {}) => {
    const answer = await call(url, init);
    if (!answer.ok)
      throw new TestWalletError(
        `test wallet: ${init.method ?? "GET"} ${url} answered ${answer.status} ${answer.body.error ?? ""}: ${answer.body.error_description ?? ""}`,
      );
    return answer.body;
  };
  return {
    fetch: fetchImpl,
    call,
    expectOk,
    postForm: (url, values) => expectOk(url, { method: "POST", ...formBody(values) }),
    async answer(response, what) {
      const { ok, body } = await readAnswer(response);
      if (!ok)
        throw new TestWalletError(
          `test wallet: ${what} answered ${response.status} ${body.error ?? ""}: ${body.error_description ?? ""}`,
        );
      return body;
    },
  };
}

/** A form-encoded body and its content type. */
export const formBody = (values: Record<string, string>) => ({
  body: new URLSearchParams(values),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

/** An answer's status and JSON body (`{}` when there is none, or it is not JSON). */
export async function readAnswer(response: Response): Promise<WalletAnswer> {
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = {};
  }
  return { ok: response.ok, status: response.status, body };
}
