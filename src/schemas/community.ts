import { z } from "zod";
import { oneLineText, wholeNumber } from "./fields.ts";

/** `content/community.yaml`: the community the listing is about. */
export const communitySchema = z.strictObject({
  /** The community's name: the listing's heading line. */
  name: oneLineText("name", '"Homelab & Self-Hosting"'),

  /** The most characters an excerpt may have, its `...` included. */
  excerptLength: wholeNumber("excerptLength", 20, 200),
});

export type Community = z.output<typeof communitySchema>;
