import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { userFrontmatterSchema } from "../../src/schemas/user.ts";
import { assembleContent } from "../../src/core/content.ts";
import { formatProblems } from "../../src/lib/problems.ts";
import { readContentFiles } from "../../src/machinery/loading/content-folder.ts";

/**
 * An imported content folder as the build reads it, which must have no problem (answers and
 * users included, each credit's user a file): the community, and every question's entry (its
 * checked frontmatter and body text) by id.
 */
export function readImportedContent(folder: string) {
  const { community, questions, answers, users } = readContentFiles(folder);
  const read = assembleContent(community, questions, answers, users);
  assert.ok(
    "content" in read,
    `the import builds:\n${"problems" in read ? formatProblems(read.problems) : ""}`,
  );
  return { community: read.content.community, entries: questions.entries };
}

/**
 * One file of an imported folder: its frontmatter as plain YAML, and as written (`yaml`, its
 * comment line first), its comment line and body.
 */
export interface WrittenPost {
  fields: Record<string, unknown>;
  yaml: string;
  comment: string;
  body: string;
}

/**
 * An imported folder read with the yaml package alone, not the build's reader nor the
 * importer's: community.yaml, and every questions/, answers/ and users/ file by id. Each file
 * must be `---`, a `# ` comment line, YAML fields, `---`, then the body.
 */
export function readWrittenFolder(folder: string): {
  community: Record<string, unknown>;
  questions: Map<string, WrittenPost>;
  answers: Map<string, WrittenPost>;
  users: Map<string, WrittenPost>;
} {
  const read = (sub: string) => {
    const posts = new Map<string, WrittenPost>();
    const dir = join(folder, sub);
    if (!existsSync(dir)) return posts;
    for (const name of readdirSync(dir)) {
      assert.match(name, /^[a-z0-9_-]+\.md$/, `${sub}/${name} is named <id>.md`);
      const text = readFileSync(join(dir, name), "utf8");
      const match = /^---\n# ([^\n]*)\n([\s\S]*?)\n?---\n/.exec(text);
      assert.ok(match, `${sub}/${name} starts with ---, a # comment, YAML fields and ---`);
      const fields: unknown = parse(match[2] ?? "");
      assert.ok(
        fields !== null && typeof fields === "object" && !Array.isArray(fields),
        `${sub}/${name}: the frontmatter is a mapping of fields`,
      );
      posts.set(name.slice(0, -3), {
        fields: fields as Record<string, unknown>,
        yaml: `# ${match[1] ?? ""}\n${match[2] ?? ""}`,
        comment: match[1] ?? "",
        body: text.slice(match[0].length),
      });
    }
    return posts;
  };
  const community: unknown = parse(readFileSync(join(folder, "community.yaml"), "utf8"));
  return {
    community: community as Record<string, unknown>,
    questions: read("questions"),
    answers: read("answers"),
    users: read("users"),
  };
}

/**
 * Checks every users/ file read by `readWrittenFolder` with the site's user schema alone, so a
 * test names the file and field of a value the import should not have written.
 */
export function assertUsersValid(users: ReadonlyMap<string, WrittenPost>): void {
  for (const [id, { fields }] of users) {
    const read = userFrontmatterSchema.safeParse(fields);
    assert.ok(read.success, `users/${id}.md: ${read.success ? "" : read.error.message}`);
  }
}
