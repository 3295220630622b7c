import { parseArgs } from "node:util";
import { oneLineTextProblem } from "../../src/lib/one-line-text.ts";
import { UsageError } from "../common/usage-error.ts";
import { IMPORT_PAGE_SIZE, PAGING_ABOVE, readPageSizeFlag } from "./page-size.ts";

/** What the command line asked for, checked for shape only (paths are checked by the steps). */
export interface ImportOptions {
  /** The dump folder, or its Posts.xml. */
  input: string;
  out: string;
  name: string | undefined;
  site: string | undefined;
  /** The licence of posts without ContentLicense; undefined: by each post's date. */
  license: string | undefined;
  tagMap: string | undefined;
  strictTags: boolean;
  strict: boolean;
  allowPartial: boolean;
  force: boolean;
  checkText: boolean;
  /** `--math` (true) or `--no-math` (false); undefined: decided from the posts. */
  math: boolean | undefined;
  /** `--page-size N` (N) or `--page-size none` (null); undefined: decided from the questions. */
  pageSize: number | null | undefined;
  json: boolean;
  quiet: boolean;
  /** False with `--no-users`: no users/ files, and credits link to the users' profiles. */
  users: boolean;
  /** `--images`: the hosts images are fetched from, and the cache they are kept in. */
  images: { hosts: string[] | undefined; cache: string | undefined } | undefined;
}

export const HELP = `Import a Stack Exchange data dump into a content folder (community.yaml,
questions/<Id>.md, answers/<Id>.md, tags/<tag>.md and users/<Id>.md).

Usage:
  npm run import -- <dump-folder | Posts.xml | site.7z> --out <content-folder> [options]

  <dump-folder>        A folder holding Posts.xml and, when present, PostLinks.xml (duplicate
                       and linked questions), Tags.xml (tag counts, cross-checked), Users.xml
                       (authors' names, and the profiles of users/), Badges.xml (their badges)
                       and Comments.xml (each post's comments, in its file).
                       Given Posts.xml itself, the files beside it are used. Given a site's
                       .7z as Stack Exchange publishes it, its files are read out of it as
                       the import goes, with Debian's 7-Zip (7zz), nothing unpacked. Edit history
                       (PostHistory.xml) and votes (Votes.xml) are not imported; the report
                       counts their rows.

Options:
  --out DIR            The content folder to write. Required. It is built in a temporary folder
                       beside DIR and swapped in at the end, so DIR is never left half-written.
  --force              Replace DIR when it already exists (only if it is a content folder: it
                       holds community.yaml or questions/). Without it, an existing DIR is an error.
  --name TEXT          The community's name, the listing's heading (default: the site, such as
                       beer.stackexchange.com).
  --site HOST          The site the dump comes from, used for the attribution and the links to
                       the original posts and users (default: the dump folder's name, when it is
                       a host name such as beer.stackexchange.com; required otherwise).
  --license TEXT       The licence of posts without a ContentLicense attribute (dumps before
                       2019 have none). Default: the licence of the post's date under Stack
                       Exchange's terms: CC BY-SA 2.5 before 2011-04-08, CC BY-SA 3.0 before
                       2018-05-02, CC BY-SA 4.0 since.
  --tag-map FILE       A YAML or JSON mapping from dump tags to tags, such as {"c#": "c-sharp"}.
                       Its entries win over the automatic rule, also with --strict-tags.
  --strict-tags        Do not apply the automatic tag rule: a tag outside our format (lower-case
                       letters, digits, "." and "-") that --tag-map does not map fails its question.
  --strict             --strict-tags, and keep titles exactly as in the dump: a title with spaces
                       at its ends fails its question instead of being trimmed. (Author names
                       are cleaned to one line either way, and each one cleaned is listed.)
  --allow-partial      When some questions or answers cannot be imported, still write the others
                       (the exit code stays 1). Without it, nothing is written unless every
                       question and answer imports.
  --check-text         Also check, per question, that the listing text of the body (read as
                       Markdown with HTML, as the site does) equals its text read as plain HTML,
                       and list the questions where it differs. Slower.
  --math, --no-math    Typeset the TeX in bodies as MathML (math: tex in community.yaml), or
                       not. Default: on when 5% or more of the posts written hold a formula
                       ($...$, $$...$$, \\(...\\), \\[...\\] outside code), as on Stack Exchange's
                       MathJax sites (quantumcomputing: 52.8%; sites without MathJax: under 1%).
  --page-size N        Split the listing (and each tag's page) into pages of N questions
                       (pageSize: N in community.yaml); --page-size none keeps one page.
                       Default: pages of ${IMPORT_PAGE_SIZE} when more than ${PAGING_ABOVE} questions are written, else one
                       page.
  --images             Also fetch the images the posts show from the image hosts into images/
                       (a WebP each, at most 1,280 px wide, named by its content) and point the
                       posts at them. An image that cannot be had stays a link and is reported.
  --image-hosts LIST   Comma-separated hosts images may come from (default: i.stack.imgur.com,
                       i.sstatic.net and the site itself). No other host is ever asked.
  --image-cache DIR    Where fetched images are kept between imports (default: <out>.image-cache
                       beside --out): a second import asks no host for an image it has.
  --no-users           Write no users/ files: credits name each user and link to their profile
                       on the site (authorUrl, editorUrl), and Badges.xml is not read. By
                       default each user whom a question, answer or comment written credits
                       gets users/<Id>.md (their profile, "About me" and badges), and the
                       posts and comments name it (user, editorUser).
  --json               Print the report as JSON instead of text.
  --quiet              No progress display. (It is shown only when stderr is a terminal.)
  -h, --help           Show this help.

The automatic tag rule, for a tag that is not in our format and not in --tag-map:
  accents removed, lower-cased, "#" -> "sharp", "+" -> "p", any other run of characters outside
  a-z 0-9 . - -> "-", "-" trimmed from the ends: c# -> csharp, q# -> qsharp, c++ -> cpp. A tag
  with nothing left (such as one in Cyrillic) fails its question: map it with --tag-map.
  Every mapped tag is listed in the report with the number of questions carrying it.

Exit codes:
  0  every question and answer was imported (answers to questions that are not in the dump are
     left out, and listed)
  1  some question or answer could not be imported (the report lists each by Id), or a dump
     file could not be read (malformed or truncated XML; the message gives the line)
  2  usage error: a wrong flag, a missing file, or --out exists without --force

See scripts/import.md.`;

const OPTIONS = {
  out: { type: "string" },
  name: { type: "string" },
  site: { type: "string" },
  license: { type: "string" },
  "tag-map": { type: "string" },
  "strict-tags": { type: "boolean", default: false },
  strict: { type: "boolean", default: false },
  "allow-partial": { type: "boolean", default: false },
  force: { type: "boolean", default: false },
  "check-text": { type: "boolean", default: false },
  math: { type: "boolean" },
  "page-size": { type: "string" },
  images: { type: "boolean", default: false },
  "image-hosts": { type: "string" },
  "image-cache": { type: "string" },
  users: { type: "boolean", default: true },
  json: { type: "boolean", default: false },
  quiet: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

/**
 * `npm run import <dump> --out X` without `--` gives npm the flags: it keeps `--out` as its own
 * setting and passes X on as a second dump, so the script sees the wrong count or no --out.
 */
const NPM_HINT =
  "npm passes flags to the script only after --: npm run import -- <dump> --out <folder>";

/** The one dump and the --out folder, or a usage error that says what to type instead. */
function dumpAndOut(
  positionals: readonly string[],
  out: string | undefined,
  underNpm: boolean,
): { input: string; out: string } {
  const npmHint = underNpm ? `\n${NPM_HINT}` : "";
  const [input] = positionals;
  if (input === undefined) {
    throw new UsageError(
      "give the dump folder (or its Posts.xml) to import, such as: npm run import -- dumps/beer.stackexchange.com --out content",
    );
  }
  if (positionals.length > 1) {
    throw new UsageError(
      `give one dump to import, not ${positionals.length} (${positionals.join(", ")}); import each into its own --out folder${npmHint}`,
    );
  }
  if (out === undefined || out === "") {
    throw new UsageError(
      `--out is missing; name the content folder to write, such as --out content${npmHint}`,
    );
  }
  return { input, out };
}

/**
 * Parses the arguments after `node scripts/import.ts`; undefined when help was asked for.
 * `underNpm`: run by `npm run import`, whose missing `--` a wrong command line may be.
 */
export function parseImportArguments(
  args: readonly string[],
  underNpm = process.env["npm_lifecycle_event"] !== undefined,
): ImportOptions | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      allowNegative: true,
      strict: true,
      options: OPTIONS,
    });
  } catch (error) {
    // parseArgs says which option is unknown or lacks its value; keep its words.
    throw new UsageError(`${(error as Error).message.replace(/\.$/, "")}; see --help`);
  }
  const { values, positionals } = parsed;
  if (values.help) return undefined;
  const { input, out } = dumpAndOut(positionals, values.out, underNpm);
  const site = values.site?.toLowerCase();
  if (site !== undefined && !isHostName(site)) {
    throw new UsageError(
      `--site ${JSON.stringify(values.site)} is not a host name; write it like beer.stackexchange.com`,
    );
  }
  const pageSize =
    values["page-size"] === undefined ? undefined : readPageSizeFlag(values["page-size"]);
  if (pageSize === undefined && values["page-size"] !== undefined) {
    throw new UsageError(
      `--page-size ${JSON.stringify(values["page-size"])} is not a page size: give a whole number of at least 1, or none for one page`,
    );
  }
  const licenceProblem =
    values.license === undefined ? undefined : oneLineTextProblem(values.license);
  if (licenceProblem !== undefined) {
    throw new UsageError(
      `--license ${JSON.stringify(values.license)} cannot name a licence: it ${licenceProblem}, such as --license "CC BY-SA 3.0"`,
    );
  }
  const hosts = values["image-hosts"]?.split(",").map((host) => host.trim().toLowerCase());
  if ((hosts !== undefined || values["image-cache"] !== undefined) && !values.images) {
    throw new UsageError("--image-hosts and --image-cache take effect only with --images");
  }
  if (hosts?.some((host) => !/^[a-z0-9.-]+(?::\d+)?$/.test(host))) {
    throw new UsageError(
      `--image-hosts ${JSON.stringify(values["image-hosts"])} is not a list of hosts; write them like i.stack.imgur.com,i.sstatic.net`,
    );
  }
  return {
    input,
    out,
    name: values.name,
    site,
    license: values.license,
    tagMap: values["tag-map"],
    strictTags: values["strict-tags"] || values.strict,
    strict: values.strict,
    allowPartial: values["allow-partial"],
    force: values.force,
    checkText: values["check-text"],
    math: values.math,
    pageSize,
    json: values.json,
    quiet: values.quiet,
    users: values.users,
    images: values.images ? { hosts, cache: values["image-cache"] } : undefined,
  };
}

/** A DNS name with at least one dot, such as beer.stackexchange.com or stackoverflow.com. */
export function isHostName(text: string): boolean {
  return /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(text);
}
