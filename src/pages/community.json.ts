import type { APIRoute } from "astro";
import { getCommunity } from "../content.ts";
import { siteDescription } from "../core/site-description.ts";

/** What the built site is (src/core/site-description.ts), for tools that pack the folder. */
export const GET: APIRoute = async () =>
  new Response(`${JSON.stringify(siteDescription(await getCommunity()), null, 2)}\n`, {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
