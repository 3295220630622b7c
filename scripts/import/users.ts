import { cleanName } from "./attribution.ts";
import { detachedCopy } from "./detached-copy.ts";
import { readDumpRows, type ReadProgress } from "./xml-rows.ts";

/** The display names of Users.xml, the one thing the import takes from it. */
export interface UserNames {
  /** Rows of Users.xml. */
  rows: number;
  /** Display name by user Id (`-1` is the Community user), cleaned to one line. */
  names: Map<string, string>;
  /** The names that cleaning changed, as Users.xml has them, to list the ones credited. */
  cleaned: Map<string, string>;
}

/**
 * Streams Users.xml and keeps only each user's display name, so memory grows with the number
 * of users (a name each), not with the file's profiles (`AboutMe` is most of its bytes). Names
 * are cleaned to the one line an author field holds (see `cleanName`); what was changed is kept
 * aside so the report can say so for the users actually credited.
 */
export async function readUserNames(
  file: string,
  onProgress?: (progress: ReadProgress) => void,
): Promise<UserNames> {
  const users: UserNames = { rows: 0, names: new Map(), cleaned: new Map() };
  const { rows } = await readDumpRows(
    file,
    "users",
    ({ attributes }) => {
      const id = attributes["Id"];
      if (id === undefined) return;
      const raw = attributes["DisplayName"];
      const name = cleanName(raw);
      // A user with no name left credits nobody: the post falls back to OwnerDisplayName.
      if (name === undefined) return;
      users.names.set(detachedCopy(id), detachedCopy(name));
      if (name !== raw && raw !== undefined) users.cleaned.set(detachedCopy(id), detachedCopy(raw));
    },
    onProgress,
  );
  users.rows = rows;
  return users;
}
