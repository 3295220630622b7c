import type { APIRoute, GetStaticPaths } from "astro";
import { getImages, readImage } from "../../content.ts";

/** The files of the content's `images/` that pages show, copied as they are. */
export const getStaticPaths = (async () =>
  (await getImages()).map(({ file }) => ({
    params: { file },
    props: { file },
  }))) satisfies GetStaticPaths;

type Props = { file: string };

export const GET: APIRoute<Props> = ({ props }) => new Response(readImage(props.file));
