import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { UsageError } from "../common/usage-error.ts";
import { archiveMembers, isArchive } from "./dump-source.ts";

/** The files of one site's dump. Only Posts.xml is required. */
export interface DumpFiles {
  /** The folder the files are in, or the `.7z` archive; its name usually names the site. */
  folder: string;
  posts: string;
  postLinks: string | undefined;
  tags: string | undefined;
  /** The users: their names credit the posts, and the profiles of those credited go to users/. */
  users: string | undefined;
  /** The users' badges, listed in their users/ files. */
  badges: string | undefined;
  /** Not imported, only counted for the report: the content format has no place for them. */
  comments: string | undefined;
  postHistory: string | undefined;
  votes: string | undefined;
}

/**
 * Finds the dump's files from the command line's argument: a folder holding Posts.xml, a
 * Posts.xml (under any name) with the other files beside it, or a site's `.7z` archive as
 * downloaded, read in place (scripts/import/dump-source.ts).
 */
export function locateDump(input: string): DumpFiles {
  const path = resolve(input);
  if (!existsSync(path)) {
    throw new UsageError(`${input} does not exist; give a dump folder, its Posts.xml or its .7z`);
  }
  const isFolder = statSync(path).isDirectory();
  if (!isFolder && isArchive(path)) return archiveDump(input, path);
  const folder = isFolder ? path : dirname(path);
  const posts = isFolder ? join(path, "Posts.xml") : path;
  if (!existsSync(posts)) {
    throw new UsageError(
      `${input} has no Posts.xml; give the folder the dump was extracted to (it holds Posts.xml, PostLinks.xml, Tags.xml, ...)`,
    );
  }
  const beside = (name: string) => {
    const file = join(folder, name);
    return existsSync(file) && file !== posts ? file : undefined;
  };
  return {
    folder,
    posts,
    postLinks: beside("PostLinks.xml"),
    tags: beside("Tags.xml"),
    users: beside("Users.xml"),
    badges: beside("Badges.xml"),
    comments: beside("Comments.xml"),
    postHistory: beside("PostHistory.xml"),
    votes: beside("Votes.xml"),
  };
}

/** The dump files a `.7z` archive holds, read out of it as the import goes. */
function archiveDump(input: string, archive: string): DumpFiles {
  const inside = archiveMembers(archive);
  const posts = inside.get("Posts.xml");
  if (posts === undefined) {
    throw new UsageError(
      `${input} holds no Posts.xml; give a site's archive as Stack Exchange publishes it (such as beer.stackexchange.com.7z), which holds Posts.xml, Tags.xml, ...`,
    );
  }
  return {
    folder: archive,
    posts,
    postLinks: inside.get("PostLinks.xml"),
    tags: inside.get("Tags.xml"),
    users: inside.get("Users.xml"),
    badges: inside.get("Badges.xml"),
    comments: inside.get("Comments.xml"),
    postHistory: inside.get("PostHistory.xml"),
    votes: inside.get("Votes.xml"),
  };
}
