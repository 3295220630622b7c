import type { APIRoute, GetStaticPaths } from "astro";
import { getSearchIndex, readSearchFile } from "../../content.ts";

/** The search index's files (src/lib/search/index-format.ts), each a classic script. */
export const getStaticPaths = (async () =>
  (await getSearchIndex()).map(({ file, text }) => ({
    params: { file },
    props: { text },
  }))) satisfies GetStaticPaths;

type Props = { text: Parameters<typeof readSearchFile>[0] };

export const GET: APIRoute<Props> = ({ props }) =>
  new Response(readSearchFile(props.text), {
    headers: { "content-type": "text/javascript; charset=utf-8" },
  });
