import { z } from "zod";
import { describeYamlValue, fieldsObject, oneLineText, wholeNumber } from "./fields.ts";

/** The id of the single entry of the `community` collection. */
export const COMMUNITY_ENTRY_ID = "community";

/** `content/community.yaml`: the community the listing is about. */
export const communitySchema = fieldsObject("of community.yaml", {
  /** The community's name: the listing's heading line. */
  name: oneLineText("name", '"Homelab & Self-Hosting"'),

  /** The most characters an excerpt may have, its `...` included. */
  excerptLength: wholeNumber("excerptLength", 20, 200),

  /**
   * Credit for the content, shown as plain text below the listing (outside `<main>`), such as
   * the licence and source of imported Stack Exchange posts.
   */
  attribution: z
    .string({
      error: (issue) =>
        `must be text, but YAML read ${describeYamlValue(issue.input)}; write it in quotes`,
    })
    .optional(),
});

export type Community = z.output<typeof communitySchema>;
