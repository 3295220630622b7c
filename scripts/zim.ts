/**
 * Packs a built site into one ZIM file for Kiwix, with the metadata its library shows, from
 * community.yaml and the flags. `node scripts/zim.ts --help` (npm run zim -- --help) documents
 * every flag; the README's "Kiwix" section says how to read the file.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { formatProblems } from "../src/lib/problems.ts";
import { readCommunity } from "../src/machinery/loading/community-file.ts";
import { contentDirectory } from "../src/project-paths.ts";
import { commandLineOptions, UsageError } from "./common/usage-error.ts";
import { illustrationPng } from "./zim/illustration.ts";
import { zimMetadata, type ZimFlags, type ZimMetadata } from "./zim/metadata.ts";
import { stageFiles, zimFiles } from "./zim/stage.ts";

const HELP = `Pack the built site into one ZIM file, for Kiwix's readers and kiwix-serve.

Usage:
  npm run build && npm run zim -- --out <file.zim> [options]

Options:
  --out FILE           The ZIM file to write. Required; an existing file is replaced.
  --site DIR           The built site (default: QA_OUT_DIR, else dist/).
  --name TEXT          The archive's identifier across versions (default: the origin's host or
                       the community's name, the language and "all": beer.stackexchange.com_eng_all).
  --title TEXT         At most 30 characters (default: community.yaml's name).
  --description TEXT   At most 80 characters (default: "Questions and answers of <name>").
  --creator TEXT       Who wrote the content (default: the origin's host, else the name).
  --publisher TEXT     Who made the ZIM file (default: the creator).
  --language CODE      ISO 639-3 (default: community.yaml's language, else eng).
  --tags TEXT          Semicolon-separated (default: _category:stack_exchange;stack_exchange
                       for a Stack Exchange origin, else _category:other;qa).
  --illustration FILE  A 48x48 PNG, or an SVG drawn at 48x48 (default: the site's favicon.svg).
  -h, --help           Show this help.

The content folder (QA_CONTENT_DIR, else content/) gives community.yaml. The listing is the main
page. zimwriterfs (Debian's zim-tools) writes the file, with Kiwix's full-text index.`;

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
      ...{ publisher: text, language: text, tags: text, illustration: text },
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

/** community.yaml read and the metadata settled, or a usage error naming every problem. */
function settledMetadata(options: ZimOptions): ZimMetadata {
  const { community, problems } = readCommunity(contentDirectory());
  if (community === undefined) throw new UsageError(`\n${formatProblems(problems)}`);
  const settled = zimMetadata(community, options);
  if (settled.problems) throw new UsageError(settled.problems.join("\n"));
  return settled.metadata;
}

/** zimwriterfs's arguments for the staged site. */
function zimwriterfsArguments(metadata: ZimMetadata, stage: string, out: string): string[] {
  return [
    ...["--welcome", "index.html", "--illustration", ILLUSTRATION_FILE],
    ...["--language", metadata.language, "--title", metadata.title],
    ...["--description", metadata.description, "--creator", metadata.creator],
    ...["--publisher", metadata.publisher, "--name", metadata.name, "--tags", metadata.tags],
    ...(metadata.source === undefined ? [] : ["--source", metadata.source]),
    ...["--scraper", "qa-listing", stage, out],
  ];
}

/** Where the illustration goes in the staged site: a name no build writes. */
const ILLUSTRATION_FILE = "zim-illustration-48x48.png";

function main(): void {
  const options = commandLineOptions("zim", parseZimArguments, HELP);
  if (!existsSync(join(options.site, "index.html"))) {
    throw new UsageError(
      `${options.site} holds no built site (no index.html); run npm run build first, or pass --site`,
    );
  }
  const metadata = settledMetadata(options);
  const illustration = illustrationPng(options.illustration ?? join(options.site, "favicon.svg"));
  const started = performance.now();
  mkdirSync(dirname(options.out), { recursive: true });
  const stage = mkdtempSync(join(dirname(options.out), ".zim-stage-"));
  try {
    const files = zimFiles(options.site);
    stageFiles(options.site, files, stage);
    writeFileSync(join(stage, ILLUSTRATION_FILE), illustration);
    rmSync(options.out, { force: true });
    const run = spawnSync("zimwriterfs", zimwriterfsArguments(metadata, stage, options.out), {
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (run.error && (run.error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new UsageError(
        "zimwriterfs is not installed: it comes with Debian's zim-tools (sudo apt-get install zim-tools)",
      );
    }
    if (run.status !== 0) throw new Error(`zimwriterfs failed (exit ${run.status ?? run.signal})`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const megabytes = (statSync(options.out).size / 1e6).toFixed(1);
    console.log(
      `zim: ${options.out}: ${files.length} files in ${megabytes} MB (${seconds} s), "${metadata.title}", ${metadata.name}`,
    );
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

try {
  main();
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`zim: ${error.message}`);
  process.exitCode = 2;
}
