import { z } from "zod";
import { namesLanguage } from "../lib/code-highlight.ts";
import { TAG_PATTERN } from "./question.ts";
import {
  describeYamlValue,
  fieldsObject,
  oneLineText,
  wholeNumber,
  siteOrigin,
  wholeNumberFix,
} from "./fields.ts";

export const BODY_FORMATS = ["markdown", "html"] as const;

export const MATH_SETTINGS = ["off", "tex"] as const;
export const ANSWER_ORDERS = ["accepted-first", "score"] as const;

/** The id of the single entry of the `community` collection. */
export const COMMUNITY_ENTRY_ID = "community";

/** A language name code can be coloured in, such as `python`, `js` or `c#`, or `none`. */
function codeLanguageName(field: string) {
  return z
    .string({
      error: (issue) =>
        `must be a language's name, but YAML read ${describeYamlValue(issue.input)}; write one such as ${field === "codeLanguage" ? "codeLanguage: python" : "plutus: haskell"}`,
    })
    .refine(namesLanguage, {
      error: (issue) =>
        `${JSON.stringify(issue.input)} is not a language code is coloured in; use one such as python, javascript, csharp, bash or haskell (src/lib/code-highlight.ts has them all), or none for plain`,
    });
}

/** `content/community.yaml`: the community the listing is about. */
export const communitySchema = fieldsObject("of community.yaml", {
  /** The community's name: the listing's heading line. */
  name: oneLineText("name", '"Homelab & Self-Hosting"'),

  /** The most characters an excerpt may have, its `...` included. */
  excerptLength: wholeNumber("excerptLength", 20, 200),

  /**
   * How the question bodies are written: `markdown` (the default: CommonMark, raw HTML
   * allowed) or `html`, for bodies that are HTML through and through, as in Stack Exchange
   * dumps. Read as Markdown, such a body can change where a blank line inside `<pre>` ends
   * the HTML and a `## ` line in the code becomes a heading.
   */
  bodyFormat: z
    .enum(BODY_FORMATS, {
      error: (issue) =>
        `must be markdown or html, not ${describeYamlValue(issue.input)}; leave it out for Markdown bodies`,
    })
    .default("markdown"),

  /**
   * `tex` typesets the TeX in question and answer bodies as MathML when the site is built, as
   * Stack Exchange's MathJax does on its math sites: `$...$` and `\(...\)` inline, `$$...$$`,
   * `\[...\]` and `\begin{x}...\end{x}` display, `\$` a dollar sign, nothing inside code;
   * titles too. `off` (the default) leaves every `$` as typed. Excerpts keep the TeX as text
   * either way, never cut inside a formula with `tex`.
   */
  math: z
    .enum(MATH_SETTINGS, {
      error: (issue) =>
        `must be tex or off, not ${describeYamlValue(issue.input)}; write math: tex to typeset the TeX in bodies, or leave it out`,
    })
    .default("off"),

  /**
   * How a question's answers are ordered on its page: `accepted-first` (the default, as on
   * most Stack Exchange sites: the accepted answer, then by score) or `score` (by score alone,
   * the accepted answer in its place, as on Stack Overflow since 2021). Then oldest first.
   */
  answerOrder: z
    .enum(ANSWER_ORDERS, {
      error: (issue) =>
        `must be accepted-first or score, not ${describeYamlValue(issue.input)}; write answerOrder: score to order answers by score alone, or leave it out`,
    })
    .default("accepted-first"),

  /**
   * The language of code whose block, post and tags name none (src/lib/code-language.ts);
   * unset, such code stays plain.
   */
  codeLanguage: codeLanguageName("codeLanguage").optional(),

  /** Tags and the language their questions' code is in, over the default table. */
  codeLanguages: z
    .record(z.string().regex(TAG_PATTERN), codeLanguageName("codeLanguages"), {
      error: (issue) =>
        issue.code === "invalid_key"
          ? `${JSON.stringify(issue.input)} is not a tag; tags are lower-case letters, digits, "." and "-", as the questions' tags: fields write them`
          : `must be tags and their languages, but YAML read ${describeYamlValue(issue.input)}; write them as lines such as "  plutus: haskell" below codeLanguages:`,
    })
    .optional(),

  /**
   * Split the listing into pages of this many questions: `/`, `/page/2/`, `/page/3/`... in the one
   * global order, linked to each other. Unset: one page holds every question.
   */
  pageSize: z
    .number({
      error: (issue) =>
        `must be a whole number of at least 1, but YAML read ${describeYamlValue(issue.input)}; write it without quotes, such as pageSize: 100, or leave it out for one page`,
    })
    .refine(Number.isInteger, {
      error: (issue) =>
        `must be a whole number, not ${String(issue.input)}; ${wholeNumberFix("pageSize", 1, 100)}, or leave it out for one page`,
    })
    .min(1, {
      error: (issue) =>
        `must be at least 1, not ${String(issue.input)}; ${wholeNumberFix("pageSize", 1, 100)}, or leave it out for one page`,
    })
    .optional(),

  /**
   * The site the content came from, such as `https://beer.stackexchange.com` (the importer
   * writes it): links between its posts are those that can lead to this archive's own pages.
   */
  origin: siteOrigin("origin", "https://beer.stackexchange.com"),

  /**
   * The language the posts are written in, as an ISO 639-3 code (`eng`, `fra`, `deu`): what a
   * Kiwix reader's library files the archive under (scripts/zim.ts). Unset: English.
   */
  language: z
    .string({
      error: (issue) =>
        `must be a language's three-letter ISO 639-3 code, but YAML read ${describeYamlValue(issue.input)}; write one such as language: eng`,
    })
    .regex(/^[a-z]{3}$/, {
      error: (issue) =>
        `${JSON.stringify(issue.input)} is not an ISO 639-3 code: three lower-case letters, such as eng, fra or deu`,
    })
    .optional(),

  /**
   * The licence(s) the content is under, such as `CC BY-SA 4.0` (the importer writes those its
   * posts name): what a ZIM file's License says (scripts/zim.ts). Each post names its own.
   */
  license: z
    .string({
      error: (issue) =>
        `must be text, but YAML read ${describeYamlValue(issue.input)}; write it in quotes, such as license: "CC BY-SA 4.0"`,
    })
    .regex(/^[^\n\r]+$/, {
      error: () => `must be one line of text, such as license: "CC BY-SA 4.0"`,
    })
    .optional(),

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
export type BodyFormat = Community["bodyFormat"];
export type MathSetting = Community["math"];
export type AnswerOrder = Community["answerOrder"];
