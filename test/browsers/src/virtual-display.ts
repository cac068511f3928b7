import { spawn } from "node:child_process";
import { requireExecutable } from "./executables.js";

export interface VirtualDisplay {
  /** For the DISPLAY variable, e.g. ":99". */
  display: string;
  close(): void;
}

/** An Xvfb server on the first free display number (Xvfb picks it and reports it on fd 3). */
export async function startVirtualDisplay(): Promise<VirtualDisplay> {
  requireExecutable("/usr/bin/Xvfb", "xvfb");
  const xvfb = spawn(
    "Xvfb",
    ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
    {
      stdio: ["ignore", "ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  xvfb.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const number = await new Promise<string>((resolve, reject) => {
    let out = "";
    xvfb.stdio[3]!.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.trim());
    });
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code}): ${stderr.trim()}`)));
    xvfb.once("error", reject);
  });
  return { display: `:${number}`, close: () => void xvfb.kill() };
}
