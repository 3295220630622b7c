/**
 * Packs a built site into one ZIM file for Kiwix, with the metadata its library shows, from
 * what the site says it is (its community.json) and the flags. `node scripts/zim.ts --help` (npm run zim -- --help) documents
 * every flag; the README's "Kiwix" section says how to read the file.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { formatProblems } from "../src/lib/problems.ts";
import { readCommunity } from "../src/machinery/loading/community-file.ts";
import { contentDirectory } from "../src/project-paths.ts";
import {
  SITE_DESCRIPTION_FILE,
  siteDescription,
  siteDescriptionSchema,
  type SiteDescription,
} from "../src/core/site-description.ts";
import { commandLineOptions, UsageError } from "./common/usage-error.ts";
import { illustrationPng } from "./zim/illustration.ts";
import { zimEntries, zimFiles, type ZimEntry } from "./zim/entries.ts";
import { openZimMetadata, zimMetadata, type ZimFlags, type ZimMetadata } from "./zim/metadata.ts";

const HELP = `Pack the built site into one ZIM file, for Kiwix's readers and kiwix-serve.

Usage:
  npm run build && npm run zim -- --out <file.zim> [options]

Options:
  --out FILE           The ZIM file to write. Required; an existing file is replaced.
  --site DIR           The built site (default: QA_OUT_DIR, else dist/).
  --name TEXT          The archive's identifier across versions (default: the origin's host or
                       the community's name, the language and "all": beer.stackexchange.com_eng_all).
  --title TEXT         At most 30 characters (default: the community's name).
  --description TEXT   At most 80 characters (default: "Questions and answers of <name>").
  --creator TEXT       Who wrote the content (default: the origin's host, else the name).
  --publisher TEXT     Who made the ZIM file (default: the creator).
  --language CODE      ISO 639-3 (default: the community's language, else eng).
  --tags TEXT          Semicolon-separated (default: _category:stack_exchange;stack_exchange
                       for a Stack Exchange origin, else _category:other;qa).
  --license TEXT       The content's licence(s) (default: the community's license).
  --illustration FILE  A 48x48 PNG, or an SVG drawn at 48x48 (default: the site's favicon.svg).
  -h, --help           Show this help.

The metadata comes from the built site itself (its community.json, which the build writes
from community.yaml), so any built folder packs as the site it is. With QA_CONTENT_DIR set, that
folder's community.yaml must be the one the site was built from. The listing is the main page; question pages are titled as their questions, and are what Kiwix's search finds. openZIM's
libzim writes the file, through Python (Debian's python3-libzim; QA_ZIM_PYTHON names another
interpreter).`;

interface ZimOptions extends ZimFlags {
  out: string;
  site: string;
  illustration: string | undefined;
}

function parseZimArguments(args: string[]): ZimOptions | undefined {
  const text = { type: "string" } as const;
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...{ out: text, site: text, name: text, title: text, description: text, creator: text },
      ...{ publisher: text, language: text, tags: text, license: text, illustration: text },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return undefined;
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
  if (values.out === undefined)
    throw new UsageError("--out is required, such as --out archive.zim");
  return {
    ...values,
    out: resolve(values.out),
    site: resolve(values.site ?? process.env["QA_OUT_DIR"] ?? "dist"),
    illustration: values.illustration,
  };
}

/**
 * The metadata settled from what the built site says it is and the flags, with the
 * community's name that ends page titles; or a usage error naming every problem.
 */
function settledMetadata(options: ZimOptions): { community: string; metadata: ZimMetadata } {
  const site = builtSite(options.site);
  const contentDir = process.env["QA_CONTENT_DIR"];
  if (contentDir !== undefined) sameCommunity(site, options.site, contentDir);
  const settled = zimMetadata(site, options);
  if (settled.problems) throw new UsageError(settled.problems.join("\n"));
  return { community: site.name, metadata: settled.metadata };
}

/** What the built folder says it is (src/core/site-description.ts), or why it cannot say. */
function builtSite(siteDir: string): SiteDescription {
  const path = join(siteDir, SITE_DESCRIPTION_FILE);
  const rebuild = `rebuild it with this version (npm run build, with QA_OUT_DIR=${siteDir} and the content folder it was built from as QA_CONTENT_DIR), then pack it again`;
  if (!existsSync(path)) {
    throw new UsageError(
      `${siteDir} has no ${SITE_DESCRIPTION_FILE}: it was built by an older version, which did not say which community it holds; ${rebuild}`,
    );
  }
  let read: unknown;
  try {
    read = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(`${path} is not JSON (${String(error)}); ${rebuild}`);
  }
  const parsed = siteDescriptionSchema.safeParse(read);
  if (!parsed.success) {
    throw new UsageError(`${path} is not a site description this version reads; ${rebuild}`);
  }
  return parsed.data;
}

/**
 * With QA_CONTENT_DIR set, its community.yaml must be the built site's: packing one site
 * under another's metadata is an error, not a choice.
 */
function sameCommunity(site: SiteDescription, siteDir: string, contentDir: string): void {
  const { community, problems } = readCommunity(contentDirectory());
  if (community === undefined) throw new UsageError(`\n${formatProblems(problems)}`);
  const yaml = siteDescription(community);
  const differs = (["name", "origin"] as const).filter((field) => yaml[field] !== site[field]);
  if (differs.length === 0) return;
  const shown = (description: SiteDescription) =>
    differs
      .map((field) => {
        const value = description[field];
        return value === undefined ? `no ${field}` : `${field} ${JSON.stringify(value)}`;
      })
      .join(", ");
  throw new UsageError(
    `${siteDir} was built from another community (${shown(site)}) than QA_CONTENT_DIR=${contentDir} holds (${shown(yaml)}); unset QA_CONTENT_DIR to pack the site as it was built, or rebuild it from that folder`,
  );
}

/** The writer, beside this script: openZIM's libzim through its Python binding. */
const WRITER = fileURLToPath(new URL("zim/write-zim.py", import.meta.url));
/** Debian's python3-libzim is installed for Debian's own interpreter, not one earlier on PATH. */
const PYTHON =
  process.env["QA_ZIM_PYTHON"] ?? (existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3");
/** write-zim.py's exit status when libzim's binding is missing; it says how to install it. */
const MISSING_LIBRARY = 3;

/** The writer's manifest (write-zim.py's docstring): the archive, then a line per file. */
function manifestLines(
  options: ZimOptions,
  metadata: ZimMetadata,
  illustration: Buffer,
  entries: readonly ZimEntry[],
): string {
  const archive = {
    ...{ out: options.out, site: options.site, mainPath: "index.html" },
    language: metadata.language,
    metadata: openZimMetadata(metadata, new Date()),
    illustration: illustration.toString("base64"),
  };
  const lines = [JSON.stringify(archive)];
  for (const { path, title, mimeType, question } of entries) {
    lines.push(JSON.stringify([path, title, mimeType, question]));
  }
  return `${lines.join("\n")}\n`;
}

/** Runs the writer on `manifest`, its problems thrown as ones the user can act on. */
function writeZim(manifest: string): void {
  const run = spawnSync(PYTHON, [WRITER, manifest], { stdio: ["ignore", "ignore", "inherit"] });
  if (run.error && (run.error as NodeJS.ErrnoException).code === "ENOENT") {
    throw new UsageError(
      `${PYTHON} was not found: install Python 3 and Debian's python3-libzim (sudo apt-get install python3-libzim), or name an interpreter that has libzim with QA_ZIM_PYTHON`,
    );
  }
  if (run.status === MISSING_LIBRARY) throw new UsageError(`${PYTHON} has no libzim (above)`);
  if (run.status !== 0) throw new Error(`write-zim.py failed (exit ${run.status ?? run.signal})`);
}

function main(): void {
  const options = commandLineOptions("zim", parseZimArguments, HELP);
  if (!existsSync(join(options.site, "index.html"))) {
    throw new UsageError(
      `${options.site} holds no built site (no index.html); run npm run build first, or pass --site`,
    );
  }
  const { community, metadata } = settledMetadata(options);
  const illustration = illustrationPng(options.illustration ?? join(options.site, "favicon.svg"));
  const started = performance.now();
  const entries = zimEntries(options.site, zimFiles(options.site), community);
  mkdirSync(dirname(options.out), { recursive: true });
  const work = mkdtempSync(join(dirname(options.out), ".zim-manifest-"));
  try {
    const manifest = join(work, "manifest.jsonl");
    writeFileSync(manifest, manifestLines(options, metadata, illustration, entries));
    rmSync(options.out, { force: true });
    writeZim(manifest);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const megabytes = (statSync(options.out).size / 1e6).toFixed(1);
  console.log(
    `zim: ${options.out}: ${entries.length} files in ${megabytes} MB (${seconds} s), "${metadata.title}", ${metadata.name}`,
  );
  if (metadata.license === undefined) {
    console.log(
      'zim: no License written: set license in community.yaml, or pass --license, such as --license "CC BY-SA 4.0"',
    );
  }
}

try {
  main();
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`zim: ${error.message}`);
  process.exitCode = 2;
}
