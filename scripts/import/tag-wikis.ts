import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { collapseWhitespace } from "../../src/lib/whitespace.ts";
import { tagFolder } from "../../src/lib/tag-folder.ts";
import { readTagWikiFile } from "../../src/core/tag-wiki-file.ts";
import { licenceOfEra } from "./attribution.ts";
import { detachedCopy } from "./detached-copy.ts";
import { frontmatterBlock } from "./frontmatter-block.ts";
import { utcInstant } from "./question-row.ts";
import { mapTag, type TagPolicy } from "./tags.ts";
import { readDumpRows, type DumpRow, type ReadProgress } from "./xml-rows.ts";

/*
 * The tags' wikis: Posts.xml's excerpts (PostTypeId 4) and wikis (5), which Tags.xml's rows
 * name by ExcerptPostId and WikiPostId. The posts may come before or after anything else, so
 * each is set aside on disk as the posts pass meets it (flat memory: Stack Overflow has some
 * 65,000 tags), and the files are written once Tags.xml is read, after the questions.
 */

/** A tag's excerpt or wiki post, as set aside: what its file needs of the row. */
interface WikiPost {
  body: string;
  created?: string;
  edited?: string;
  license?: string;
}

/** Posts.xml's excerpt and wiki posts, set aside in `folder` by Id as the pass reads them. */
export class TagWikiPosts {
  readonly #folder: string;
  /** How many rows of each type were set aside. */
  readonly rows = { excerpts: 0, wikis: 0 };
  /** The Ids set aside: those no Tags.xml row names are counted, not lost unsaid. */
  readonly ids = new Set<string>();

  constructor(folder: string) {
    this.#folder = folder;
    mkdirSync(folder, { recursive: true });
  }

  /** Sets the row aside when it is an excerpt or a wiki; whether it was. */
  take(type: string, id: string | undefined, { attributes }: DumpRow): boolean {
    if (type !== "4" && type !== "5") return false;
    if (type === "4") this.rows.excerpts++;
    else this.rows.wikis++;
    if (id === undefined || !/^\d+$/.test(id)) return true;
    const post: WikiPost = {
      body: attributes["Body"] ?? "",
      ...optional("created", attributes["CreationDate"]),
      ...optional("edited", attributes["LastEditDate"] ?? attributes["CreationDate"]),
      ...optional("license", attributes["ContentLicense"]),
    };
    writeFileSync(join(this.#folder, `${id}.json`), JSON.stringify(post));
    this.ids.add(detachedCopy(id));
    return true;
  }

  /** The post with Id `id`, if the pass set it aside. */
  get(id: string | undefined): WikiPost | undefined {
    if (id === undefined || !/^\d+$/.test(id)) return undefined;
    try {
      return JSON.parse(readFileSync(join(this.#folder, `${id}.json`), "utf8")) as WikiPost;
    } catch {
      return undefined;
    }
  }
}

/** What became of Tags.xml's wikis, for the report. */
export interface TagWikiOutcome {
  /** False: the dump has no Tags.xml, so nothing names the posts' tags. */
  tagsXml: boolean;
  /** Rows of Tags.xml, and those that name an excerpt or a wiki post. */
  tagRows: number;
  withWikiPosts: number;
  /** Files written to tags/, and how many of them have an excerpt and a body. */
  written: number;
  excerpts: number;
  bodies: number;
  /** Tags whose excerpt and wiki are both empty, as Stack Exchange makes them: nothing to say. */
  empty: number;
  /** Excerpts and wikis not written, by tag, and why. */
  leftOut: { tag: string; reason: string }[];
  /** Rows of type 4 and 5 in Posts.xml. */
  postRows: { excerpts: number; wikis: number };
  /** Excerpt and wiki posts that no row of Tags.xml names (a tag deleted since). */
  unnamed: number;
}

export interface TagWikiInput {
  tagsFile: string;
  posts: TagWikiPosts;
  /** The staging folder's tags/. */
  tagsDir: string;
  site: string;
  tags: TagPolicy;
  /** The tags (as mapped) of the questions written: a wiki of another tag has no page. */
  carried: ReadonlySet<string>;
  licenceOverride: string | undefined;
  onProgress?: (progress: ReadProgress) => void;
}

/**
 * Reads Tags.xml and writes `tags/<folder>.md` for each tag whose excerpt or wiki says
 * something and which a question written carries, under its mapped name; every other one is
 * counted, and listed with its reason.
 */
export async function writeTagWikis(input: TagWikiInput): Promise<TagWikiOutcome> {
  const outcome = noTagWikis(input.posts, true);
  const named = new Set<string>();
  // What each tag's file holds, not its text: each is written at once, and a merge's winner
  // writes over the loser's.
  const wikis = new Map<string, { from: string; excerpt: boolean; body: boolean }>();
  mkdirSync(input.tagsDir, { recursive: true });
  await readDumpRows(
    input.tagsFile,
    "tags",
    (row) => {
      outcome.tagRows++;
      for (const key of ["ExcerptPostId", "WikiPostId"]) {
        const id = row.attributes[key];
        if (id !== undefined) named.add(detachedCopy(id));
      }
      const wiki = tagWikiOfRow(input, row, outcome);
      if (wiki === undefined) return;
      const { tag, from, text, ...holds } = wiki;
      const other = wikis.get(tag);
      // Two dump tags mapped to one (c# and csharp): the one named as the tag keeps it.
      if (other !== undefined && (other.from === tag || from !== tag)) {
        outcome.leftOut.push(mergedInto(from, tag));
        return;
      }
      if (other !== undefined) outcome.leftOut.push(mergedInto(other.from, tag));
      writeFileSync(join(input.tagsDir, `${tagFolder(tag)}.md`), text);
      wikis.set(detachedCopy(tag), detachedCopy({ from, ...holds }));
    },
    input.onProgress,
  );
  for (const id of input.posts.ids) if (!named.has(id)) outcome.unnamed++;
  for (const wiki of wikis.values()) {
    outcome.written++;
    if (wiki.excerpt) outcome.excerpts++;
    if (wiki.body) outcome.bodies++;
  }
  outcome.leftOut.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  return outcome;
}

function mergedInto(from: string, tag: string) {
  return {
    tag: from,
    reason: `maps to ${tag}, as another dump tag does whose wiki was kept; a tag has one wiki`,
  };
}

/**
 * One Tags.xml row's wiki file, under its mapped tag; undefined, counted, when it has none to
 * write.
 */
function tagWikiOfRow(
  input: TagWikiInput,
  { attributes }: DumpRow,
  outcome: TagWikiOutcome,
): { tag: string; from: string; text: string; excerpt: boolean; body: boolean } | undefined {
  const from = attributes["TagName"];
  const [excerptId, wikiId] = [attributes["ExcerptPostId"], attributes["WikiPostId"]];
  if (from === undefined || (excerptId === undefined && wikiId === undefined)) return undefined;
  outcome.withWikiPosts++;
  const [excerptPost, wikiPost] = [input.posts.get(excerptId), input.posts.get(wikiId)];
  const excerpt = collapseWhitespace(excerptPost?.body ?? "").trim();
  const body = wikiPost?.body.trim() ?? "";
  const leave = (reason: string) => {
    outcome.leftOut.push({ tag: from, reason });
    return undefined;
  };
  if (excerptPost === undefined && wikiPost === undefined) {
    return leave(`its excerpt (${excerptId}) and wiki (${wikiId}) are not in Posts.xml`);
  }
  if (excerpt === "" && body === "") {
    outcome.empty++;
    return undefined;
  }
  const mapped = mapTag(from, input.tags);
  if (!mapped.ok) return leave(mapped.reason);
  if (!input.carried.has(mapped.tag)) {
    return leave(`no question imported carries ${mapped.tag}, so the site has no page for it`);
  }
  const text = tagWikiText(input, from, { excerpt, body }, [excerptPost, wikiPost]);
  const read = readTagWikiFile(text, "", mapped.tag, { bodyFormat: "html", math: "off" });
  if ("problems" in read) {
    return leave(read.problems.map(({ field, reason }) => `${field ?? ""}: ${reason}`).join("; "));
  }
  return { tag: mapped.tag, from, text, excerpt: excerpt !== "", body: body !== "" };
}

/** A wiki's file: its excerpt and credit in the frontmatter, the wiki's HTML as its body. */
function tagWikiText(
  input: TagWikiInput,
  dumpTag: string,
  { excerpt, body }: { excerpt: string; body: string },
  posts: readonly (WikiPost | undefined)[],
): string {
  const given = posts.filter((post) => post !== undefined);
  // The later of the two edits, and the licence of the later-made post: the wiki as it stands.
  const edited = given
    .map((post) => utcInstant(post.edited))
    .filter((date) => date !== undefined)
    .sort()
    .at(-1);
  const latest = given.toSorted((a, b) => ((a.created ?? "") < (b.created ?? "") ? 1 : -1))[0];
  const license = latest?.license ?? input.licenceOverride ?? licenceOfEra(latest?.created);
  const source = `https://${input.site}/tags/${encodeURIComponent(dumpTag)}/info`;
  const fields = {
    ...(excerpt !== "" && { excerpt }),
    ...(edited !== undefined && { edited }),
    source,
    ...(license !== undefined && { license }),
  };
  const comment = `The wiki of the tag ${dumpTag}, from ${source}, licensed under ${license ?? "an unknown licence"}.`;
  return frontmatterBlock(fields, comment) + (body === "" ? "" : `${body}\n`);
}

function optional<Key extends string>(key: Key, value: string | undefined) {
  return value === undefined ? {} : ({ [key]: detachedCopy(value) } as Record<Key, string>);
}

/** Where the excerpt and wiki posts wait within the staging folder: Ctrl-C's removal takes them. */
export function tagWikiPostsFolder(staging: string): string {
  return join(staging, ".tag-wiki-posts");
}

/** The set-aside posts, once the wikis are written: they must not be swapped into --out. */
export function removeTagWikiPosts(staging: string): void {
  rmSync(tagWikiPostsFolder(staging), { recursive: true, force: true });
}

/** The outcome without Tags.xml: nothing written, every excerpt and wiki row left out. */
export function withoutTagsFile(posts: TagWikiPosts): TagWikiOutcome {
  return { ...noTagWikis(posts, false), unnamed: posts.ids.size };
}

/** An outcome with nothing written yet. */
function noTagWikis(posts: TagWikiPosts, tagsXml: boolean): TagWikiOutcome {
  return {
    tagsXml,
    tagRows: 0,
    withWikiPosts: 0,
    written: 0,
    excerpts: 0,
    bodies: 0,
    empty: 0,
    leftOut: [],
    postRows: posts.rows,
    unnamed: 0,
  };
}
