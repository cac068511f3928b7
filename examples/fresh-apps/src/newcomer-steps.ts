import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createTestWallet, type TestWallet } from "@credport/mock/wallet";
import { Credport } from "@credport/server";
import { parseEnv, type Started, start } from "./processes.js";
import type { CodeBlock } from "./readme-blocks.js";

/** Writes each block that names its file (`// app/verify/page.tsx`) into the app, as a user would. */
export function addBlocks(appDir: string, blocks: CodeBlock[]): string[] {
  const files = blocks.flatMap((block) => (block.file ? [block] : []));
  for (const block of files) {
    const path = join(appDir, block.file!);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${block.code}\n`);
  }
  return files.map((block) => block.file!);
}

/**
 * The README's local setup: `touch .env.local && npx credport-emulator --env-file .env.local`,
 * from the installed `@credport/emulator`. Resolves with the emulator and the variables it wrote.
 * `port` 0 (the default) takes a free one; a restart passes the first start's port, as a user's
 * second `npx credport-emulator` gets the same default port 4010.
 */
export async function startEmulatorWithEnvFile(
  appDir: string,
  extraArgs: string[] = [],
  port = 0,
): Promise<{ emulator: Started; env: Record<string, string> }> {
  const envFile = join(appDir, ".env.local");
  closeSync(openSync(envFile, "a")); // `touch`: creates it, keeps what a restart finds there
  const emulator = await start(
    join(appDir, "node_modules/.bin/credport-emulator"),
    ["--port", String(port), "--env-file", ".env.local", ...extraArgs],
    { cwd: appDir, ready: /Ctrl-C/ },
  );
  return { emulator, env: parseEnv(readFileSync(envFile, "utf8")) };
}

/** The port of the emulator whose URL `env` holds, for a restart on the same address. */
export const emulatorPort = (env: Record<string, string>): number =>
  Number(new URL(env.CREDPORT_BASE_URL!).port);

/** A test wallet holding an identity credential over 18, issued by the emulator in `env`. */
export async function walletOver18(env: Record<string, string>): Promise<TestWallet> {
  const credport = new Credport({
    secretKey: env.CREDPORT_SECRET_KEY!,
    baseUrl: env.CREDPORT_BASE_URL!,
  });
  const offer = await credport.issuance.createOffer({
    credentialDefinitionId: "credport.identity.v1",
    claims: {
      given_name: "Ada",
      family_name: "Lovelace",
      birthdate: "1815-12-10",
      age_over_18: true,
    },
  });
  const wallet = await createTestWallet();
  await wallet.acceptOffer(offer.offerUri);
  return wallet;
}
