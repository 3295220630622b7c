/*
 * MiniSearch in the page: `MiniSearch` is the global its UMD build sets; its index is one part,
 * the JSON of `JSON.stringify(miniSearch)`, read back with `MiniSearch.loadJSON`.
 */
import type MiniSearchClass from "minisearch";
import {
  MINISEARCH_OPTIONS,
  MINISEARCH_SEARCH,
  type MiniSearchDocument,
} from "../library-config.ts";
import { startLibraryBox, type Shown } from "./library-box.ts";

declare const MiniSearch: typeof MiniSearchClass;

startLibraryBox((parts) => {
  const index = MiniSearch.loadJSON<MiniSearchDocument>(
    parts.get("index") ?? "",
    MINISEARCH_OPTIONS,
  );
  return (query) => {
    const results = index.search(query, MINISEARCH_SEARCH);
    return {
      count: results.length,
      top: (first) =>
        results
          .slice(0, first)
          .map((result): Shown => [result["qid"], result["titleLine"], result["tagList"]]),
    };
  };
});
