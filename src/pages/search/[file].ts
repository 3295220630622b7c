import type { APIRoute, GetStaticPaths } from "astro";
import { getSearchIndex, readText, type SearchFileRecord } from "../../content.ts";

/** The search index's files (src/lib/search/index-format.ts), each a classic script. */
export const getStaticPaths = (async () =>
  (await getSearchIndex()).map(({ file, text }) => ({
    params: { file },
    props: { text },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<Pick<SearchFileRecord, "text">> = ({ props }) =>
  new Response(readText(props.text), {
    headers: { "content-type": "text/javascript; charset=utf-8" },
  });
