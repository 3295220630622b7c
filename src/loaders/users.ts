import type { LiveLoader } from "astro/loaders";
import { contentDirectory } from "../project-paths.ts";
import type { ContentError } from "../core/content-error.ts";
import type { ListedUser } from "../core/users.ts";
import type { HeldUserPage } from "../machinery/store/text-store.ts";
import { memoized } from "../lib/memoized.ts";
import { loadedContent } from "./loaded-content.ts";

/**
 * The people of the content's `users/` (src/schemas/user.ts), one entry each, named by id, in
 * the order `users/` lists them, with their page (set apart on disk in a build): from the
 * build's one load, as the wikis are.
 */
export function usersLoader(): LiveLoader<ListedUser<HeldUserPage>, never, never, ContentError> {
  return {
    name: "users-loader",
    async loadCollection() {
      const loaded = await loadedContent(contentDirectory());
      if ("error" in loaded) return loaded;
      return { entries: entriesOf(loaded.content) };
    },
    async loadEntry() {
      // The user pages read the whole collection; single users are not looked up.
      return undefined;
    },
  };
}

/*
 * One list of entries per load, however often it is asked for (every route asks, through
 * `getCommunity`), as the questions loader keeps its own: made anew each time, a hundred
 * thousand people were that many objects again per route.
 */
const entriesOfLoad = new WeakMap<
  { users: ListedUser<HeldUserPage>[] },
  { id: string; data: ListedUser<HeldUserPage> }[]
>();

function entriesOf(content: { users: ListedUser<HeldUserPage>[] }) {
  return memoized(entriesOfLoad, content, ({ users }) =>
    users.map((user) => ({ id: user.id, data: user })),
  );
}
