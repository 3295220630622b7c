import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";

/** Attributes that hold post ids (and a link's own Id), renumbered in each copy. */
const ID_ATTRIBUTES = / (Id|ParentId|AcceptedAnswerId|PostId|RelatedPostId)="(\d+)"/g;

interface SourceDump {
  posts: string[];
  links: string[];
  comments: string[];
  /** The highest post id of the dump, so each copy's ids follow the previous copy's. */
  maxId: number;
  /** The same for comment ids, which are numbered apart from posts'. */
  maxCommentId: number;
}

/**
 * Writes a big dump into `dir` (Posts.xml, PostLinks.xml and Comments.xml, with a BOM and CRLF
 * like the real ones) by repeating the rows of real dumps, each copy's ids moved past the previous copy's,
 * until Posts.xml holds at least `targetBytes`. Questions, answers, closed questions and
 * duplicate links keep the real proportions; a last partial copy leaves a few links pointing
 * at posts that are not in the dump, as real dumps do.
 */
export function writeSyntheticDump(
  sourceFolders: readonly string[],
  dir: string,
  targetBytes: number,
): { rows: number; copies: number } {
  const sources = sourceFolders.map(readSource);
  const offsets: number[] = [];
  let blockSize = 0;
  for (const source of sources) {
    offsets.push(blockSize);
    blockSize += source.maxId;
  }
  mkdirSync(dir, { recursive: true });

  const posts = bufferedFile(join(dir, "Posts.xml"), "posts");
  let copies = 0;
  let rows = 0;
  while (posts.bytes() < targetBytes) {
    sources.forEach((source, index) => {
      const shift = copies * blockSize + (offsets[index] ?? 0);
      for (const row of source.posts) {
        if (posts.bytes() >= targetBytes) return;
        posts.write(renumber(row, shift));
        rows++;
      }
    });
    copies++;
  }
  posts.close();

  const links = bufferedFile(join(dir, "PostLinks.xml"), "postlinks");
  for (let copy = 0; copy < copies; copy++) {
    sources.forEach((source, index) => {
      const shift = copy * blockSize + (offsets[index] ?? 0);
      for (const row of source.links) links.write(renumber(row, shift));
    });
  }
  links.close();
  writeComments(sources, offsets, blockSize, copies, dir);
  return { rows, copies };
}

/**
 * Comments.xml: each copy's comments, on that copy's posts, their own ids moved past the
 * previous copy's, so the file stays in Id order with each post's comments spread through it.
 * Comments on posts past the last partial copy of Posts.xml are on posts not imported.
 */
function writeComments(
  sources: readonly SourceDump[],
  offsets: readonly number[],
  blockSize: number,
  copies: number,
  dir: string,
): void {
  const commentOffsets: number[] = [];
  let commentBlock = 0;
  for (const source of sources) {
    commentOffsets.push(commentBlock);
    commentBlock += source.maxCommentId;
  }
  const comments = bufferedFile(join(dir, "Comments.xml"), "comments");
  for (let copy = 0; copy < copies; copy++) {
    sources.forEach((source, index) => {
      const postShift = copy * blockSize + (offsets[index] ?? 0);
      const idShift = copy * commentBlock + (commentOffsets[index] ?? 0);
      for (const row of source.comments) {
        // renumber moves Id with the posts; a comment's own Id moves with the comments.
        const moved = renumber(row, postShift).replace(
          / Id="(\d+)"/,
          (_, id: string) => ` Id="${Number(id) - postShift + idShift}"`,
        );
        comments.write(moved);
      }
    });
  }
  comments.close();
}

function readSource(folder: string): SourceDump {
  const rowsOf = (file: string) => {
    try {
      return readFileSync(join(folder, file), "utf8")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line.startsWith("<row "));
    } catch {
      return [];
    }
  };
  const posts = rowsOf("Posts.xml");
  let maxId = 0;
  for (const row of posts) maxId = Math.max(maxId, Number(/ Id="(\d+)"/.exec(row)?.[1] ?? 0));
  const comments = rowsOf("Comments.xml");
  let maxCommentId = 0;
  for (const row of comments) {
    maxCommentId = Math.max(maxCommentId, Number(/ Id="(\d+)"/.exec(row)?.[1] ?? 0));
  }
  return { posts, links: rowsOf("PostLinks.xml"), comments, maxId, maxCommentId };
}

function renumber(row: string, shift: number): string {
  return row.replace(
    ID_ATTRIBUTES,
    (_, name: string, id: string) => ` ${name}="${Number(id) + shift}"`,
  );
}

/** A dump file written in large blocks: BOM, XML declaration, root, rows, CRLF line ends. */
function bufferedFile(path: string, root: string) {
  const fd = openSync(path, "w");
  let pending: string[] = [];
  let pendingLength = 0;
  let written = 0;
  const flush = () => {
    written += writeSync(fd, pending.join(""));
    pending = [];
    pendingLength = 0;
  };
  const append = (text: string) => {
    pending.push(text);
    pendingLength += text.length;
    if (pendingLength > 1 << 22) flush();
  };
  append(`\uFEFF<?xml version="1.0" encoding="utf-8"?>\r\n<${root}>\r\n`);
  return {
    write: (row: string) => append(`  ${row}\r\n`),
    bytes: () => written + pendingLength,
    close: () => {
      append(`</${root}>\r\n`);
      flush();
      closeSync(fd);
    },
  };
}
