import { z } from "zod";
import type { Community } from "../schemas/community.ts";

/*
 * What a built site says it is, in a file of its own beside its pages (`community.json`, made
 * by src/pages/community.json.ts): what community.yaml says of the whole community, so that a
 * tool packing a built folder (`npm run zim`) takes that site's own metadata rather than that
 * of whatever content folder it finds. Only what the site already shows: nothing private.
 */

/** The file's name at the root of the output folder. */
export const SITE_DESCRIPTION_FILE = "community.json";

/** The version of the file's format: a tool reads only the versions it knows. */
export const SITE_DESCRIPTION_FORMAT = 1;

export const siteDescriptionSchema = z.object({
  format: z.literal(SITE_DESCRIPTION_FORMAT),
  name: z.string().min(1),
  origin: z.string().optional(),
  language: z.string().optional(),
  license: z.string().optional(),
});

export type SiteDescription = z.output<typeof siteDescriptionSchema>;

/** The description of a site built from `community`. */
export function siteDescription({ name, origin, language, license }: Community): SiteDescription {
  return {
    format: SITE_DESCRIPTION_FORMAT,
    name,
    ...(origin !== undefined && { origin }),
    ...(language !== undefined && { language }),
    ...(license !== undefined && { license }),
  };
}
