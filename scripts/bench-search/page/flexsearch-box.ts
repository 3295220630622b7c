/*
 * FlexSearch in the page: `FlexSearch` is the global its bundle build sets; its index is the
 * parts `index.export()` wrote, each given back to `index.import()`, and the results' records
 * (FlexSearch's Index keeps ids only), one more part.
 */
import type * as FlexSearchModule from "flexsearch";
import { FLEXSEARCH_OPTIONS } from "../library-config.ts";
import { startLibraryBox, type Shown } from "./library-box.ts";

declare const FlexSearch: typeof FlexSearchModule;

startLibraryBox((parts) => {
  const index = new FlexSearch.Index(FLEXSEARCH_OPTIONS);
  let records: Shown[] = [];
  for (const [name, text] of parts) {
    if (name === "records") records = JSON.parse(text) as Shown[];
    else void index.import(name, text);
  }
  return (query) => {
    // Every match, as ours counts every match; FlexSearch's default stops at 100.
    const ids = index.search(query, { limit: records.length }) as number[];
    return {
      count: ids.length,
      top: (first) => ids.slice(0, first).map((id) => records[id] as Shown),
    };
  };
});
