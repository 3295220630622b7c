import { spawn, spawnSync } from "node:child_process";
import { createReadStream, statSync } from "node:fs";
import { basename } from "node:path";
import { UsageError } from "../common/usage-error.ts";

/*
 * Where a dump file's bytes come from: a file on disk, or a member of a site's `.7z` archive as
 * Stack Exchange publishes it (one per site since 2024), streamed out of the archive by
 * Debian's 7-Zip (`7zz`), with no copy unpacked on disk. A member is named by the archive's
 * path and its own name, `beer.stackexchange.com.7z/Posts.xml`, which no file on disk can be.
 */

/** 7-Zip's command: Debian's `7zip` package installs `7zz`; QA_7ZIP names another. */
const SEVEN_ZIP = process.env["QA_7ZIP"] ?? "7zz";

/** The members of the archives read, by the name a dump file has here, with their sizes. */
const members = new Map<string, { archive: string; member: string; size: number }>();

/** Whether `path` is a `.7z` archive: the import reads its members in place. */
export function isArchive(path: string): boolean {
  return /\.7z$/i.test(path);
}

/**
 * The dump files an archive holds, by file name (`Posts.xml`), each as the name the import
 * then reads it by; the archive is listed once, and a damaged one is a usage error.
 */
export function archiveMembers(archive: string): Map<string, string> {
  const listing = spawnSync(SEVEN_ZIP, ["l", "-slt", "-ba", archive], { encoding: "utf8" });
  if (listing.error && (listing.error as NodeJS.ErrnoException).code === "ENOENT") {
    throw new UsageError(
      `${SEVEN_ZIP} was not found, which reads .7z dumps: install Debian's 7zip (sudo apt-get install 7zip), or extract the archive and give its folder`,
    );
  }
  if (listing.status !== 0) {
    throw new UsageError(
      `${archive} cannot be read as a 7z archive (${sevenZipReason(`${listing.stderr}\n${listing.stdout}`) || `exit ${String(listing.status)}`}): it is damaged or incomplete, so download it again`,
    );
  }
  const found = new Map<string, string>();
  for (const block of listing.stdout.split(/\r?\n\r?\n/)) {
    const path = /^Path = (.+)$/m.exec(block)?.[1];
    const size = Number(/^Size = (\d+)$/m.exec(block)?.[1]);
    if (path === undefined || /^Folder = \+$/m.test(block) || !Number.isFinite(size)) continue;
    const name = `${archive}/${path}`;
    members.set(name, { archive, member: path, size });
    found.set(basename(path), name);
  }
  return found;
}

/** A dump file's size in bytes, on disk or as its archive lists it. */
export function dumpFileSize(file: string): number {
  return members.get(file)?.size ?? statSync(file).size;
}

/**
 * A dump file's bytes, in chunks, read as they are needed: from disk, or out of its archive.
 * A member 7-Zip cannot extract whole ends in an error naming the archive and the fix.
 */
export async function* dumpFileChunks(file: string, chunkBytes: number): AsyncGenerator<Buffer> {
  const inArchive = members.get(file);
  if (inArchive === undefined) {
    for await (const chunk of createReadStream(file, { highWaterMark: chunkBytes })) {
      yield chunk as Buffer;
    }
    return;
  }
  const { archive, member } = inArchive;
  const child = spawn(SEVEN_ZIP, ["e", "-so", "-bd", archive, member], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  try {
    for await (const chunk of child.stdout) yield chunk as Buffer;
    const status = await exited;
    if (status !== 0) {
      throw new UsageError(
        `${archive} could not give ${member} whole (7-Zip: ${sevenZipReason(stderr) || `exit ${String(status)}`}): the archive is damaged or incomplete, so download it again`,
      );
    }
  } finally {
    // A reader that stops early (a bad row) leaves nothing running.
    if (child.exitCode === null) child.kill();
  }
}

/**
 * What 7-Zip said went wrong, from its output: its reasons ("Cannot open the file as [7z]
 * archive", "Unexpected end of archive"), without its banner and the lines that repeat the path.
 */
function sevenZipReason(text: string): string {
  const reasons = text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^(?:Open )?ERROR: /, ""))
    .filter((line) => line !== "" && !/^(?:ERRORS:|7-Zip|Copyright|\d+-bit)/.test(line))
    // "<archive> : <archive>" names the file again, and says nothing.
    .filter((line) => !/^(.+) : \1$/.test(line));
  return [...new Set(reasons)].join("; ");
}
