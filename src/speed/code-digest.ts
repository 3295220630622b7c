import { hash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { projectFile } from "../project-paths.ts";

/**
 * A digest of the code that turns a file into an entry: the content core and what it uses
 * (src/core, src/lib, src/schemas), and this folder, which decides what is kept. Entries kept
 * from an earlier build are reused only while it is unchanged, so a new excerpt rule reaches
 * every entry without anyone having to clear a cache.
 */
export function derivationCodeDigest(): string {
  digest ??= hash(
    "sha1",
    ["src/core/", "src/lib/", "src/schemas/", "src/speed/"]
      .map((folder) => `${projectFile(folder)}/`)
      .flatMap((folder) =>
        readdirSync(folder)
          .filter((name) => name.endsWith(".ts"))
          .sort()
          .map((name) => `${name}\0${readFileSync(folder + name, "utf8")}`),
      )
      .join("\0"),
  );
  return digest;
}

// Computed once, on first use.
let digest: string | undefined;
