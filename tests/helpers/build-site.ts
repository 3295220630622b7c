/*
 * buildSite moved to scripts/common/build-site.ts and projectRoot is src/project-paths.ts's.
 * This re-export is only for tests/loader/entry-reuse.test.ts, which still imports projectRoot
 * from here; delete this file once it imports from src/project-paths.ts.
 */
export { projectRoot } from "../../src/project-paths.ts";
