import type { APIRoute } from "astro";
import { searchScript } from "../../search/script.ts";

/** The search box's script (src/search/client.ts), built as one classic script. */
export const GET: APIRoute = async () =>
  new Response(await searchScript(), {
    headers: { "content-type": "text/javascript; charset=utf-8" },
  });
