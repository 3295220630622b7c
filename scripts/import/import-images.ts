import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { Parser } from "htmlparser2";
import { escapeText } from "../../src/lib/escape-text.ts";
import { splitFrontmatter } from "../../src/lib/frontmatter.ts";
import {
  fetchImage,
  onImageHost,
  type FetchedImage,
  type ImageFetchSettings,
} from "./image-fetch.ts";

/*
 * `--images`: the images the imported posts show, fetched from the image hosts into the content
 * folder's images/, and each post's <img> pointed at its file. Run on the staged folder once
 * its posts and comments are written: every file is read again, and those with an image of a
 * listed host are written again. An image that cannot be had stays as the post wrote it (the
 * site shows it as a link) and is reported.
 */

/** What the images step did, for the report. */
export interface ImagesPass {
  /** Distinct image addresses on the listed hosts, and the posts that show them. */
  addresses: number;
  posts: number;
  /** Fetched now, and found in the cache. */
  fetched: number;
  fromCache: number;
  /** The bytes the site's images/ holds. */
  bytes: number;
  /** Each image that could not be had, by post. */
  failed: { post: string; address: string; reason: string }[];
}

/** How many images are fetched at a time: a few, as a polite client of one host. */
const AT_ONCE = 4;

/** One `<img>` of a body: where its tag is, and the address it names. */
interface ImageTag {
  start: number;
  end: number;
  address: string;
  alt: string | undefined;
  title: string | undefined;
}

/** The images of the staged posts fetched and their tags rewritten; `onCount` shows progress. */
export async function importImages(
  staging: string,
  settings: ImageFetchSettings,
  onCount: (done: number, total: number, failed: number) => void = () => {},
): Promise<ImagesPass> {
  const posts = stagedPosts(staging).flatMap((file) => {
    const tags = imageTags(bodyOf(readFileSync(file, "utf8")).body).filter((tag) =>
      onImageHost(tag.address, settings.hosts),
    );
    return tags.length > 0 ? [{ file, tags }] : [];
  });
  const addresses = [...new Set(posts.flatMap(({ tags }) => tags.map((tag) => tag.address)))];
  const fetched = new Map<string, FetchedImage>();
  let failures = 0;
  await eachAtOnce(addresses, AT_ONCE, async (address) => {
    const image = await fetchImage(address, settings);
    fetched.set(address, image);
    if ("failure" in image) failures++;
    onCount(fetched.size, addresses.length, failures);
  });
  const pass: ImagesPass = {
    ...{ addresses: addresses.length, posts: posts.length, fetched: 0, fromCache: 0, bytes: 0 },
    failed: [],
  };
  const imagesDir = join(staging, "images");
  for (const image of fetched.values()) {
    if ("failure" in image) continue;
    mkdirSync(imagesDir, { recursive: true });
    copyFileSync(join(settings.cacheDir, "files", image.file), join(imagesDir, image.file));
    pass[image.fromCache ? "fromCache" : "fetched"]++;
    pass.bytes += statSync(join(imagesDir, image.file)).size;
  }
  for (const { file, tags } of posts) rewritePost(file, tags, fetched, pass);
  return pass;
}

/** The staged questions' and answers' files. */
function stagedPosts(staging: string): string[] {
  return ["questions", "answers"].flatMap((folder) =>
    readdirSync(join(staging, folder), { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
      .map((entry) => join(staging, folder, entry.name)),
  );
}

/** A post file's frontmatter block and its body, as the build splits them. */
function bodyOf(text: string): { head: string; body: string } {
  const body = splitFrontmatter(text)?.body ?? "";
  return { head: text.slice(0, text.length - body.length), body };
}

/** Text as a double-quoted attribute's value. */
function attributeValue(text: string): string {
  return escapeText(text).replace(/"/g, "&quot;");
}

/** Every `<img>` of an HTML body, as the parser a browser's reading follows finds it. */
function imageTags(html: string): ImageTag[] {
  const tags: ImageTag[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name !== "img" || attributes["src"] === undefined) return;
      tags.push({
        start: parser.startIndex,
        end: parser.endIndex + 1,
        address: attributes["src"].trim(),
        alt: attributes["alt"],
        title: attributes["title"],
      });
    },
  });
  parser.end(html);
  return tags;
}

/** The post's fetched images pointed at their files; the failed ones noted, left as written. */
function rewritePost(
  file: string,
  tags: readonly ImageTag[],
  fetched: ReadonlyMap<string, FetchedImage>,
  pass: ImagesPass,
): void {
  const { head, body } = bodyOf(readFileSync(file, "utf8"));
  const post = file.replace(/^.*[\\/](questions|answers)[\\/]/, "$1/");
  let rewritten = "";
  let from = 0;
  for (const tag of tags) {
    const image = fetched.get(tag.address);
    if (image === undefined || "failure" in image) {
      pass.failed.push({ post, address: tag.address, reason: image?.failure ?? "not fetched" });
      continue;
    }
    const attributes = [
      `src="images/${image.file}"`,
      `alt="${attributeValue(tag.alt ?? "")}"`,
      ...(tag.title === undefined ? [] : [`title="${attributeValue(tag.title)}"`]),
    ];
    rewritten += `${body.slice(from, tag.start)}<img ${attributes.join(" ")}>`;
    from = tag.end;
  }
  if (from > 0) writeFileSync(file, head + rewritten + body.slice(from));
}

/** `work` done for each item, `atOnce` at a time. */
async function eachAtOnce<Item>(
  items: readonly Item[],
  atOnce: number,
  work: (item: Item) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as Item);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}
