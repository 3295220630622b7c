import type { SiteDescription } from "../../src/core/site-description.ts";

/*
 * The metadata a ZIM file carries for Kiwix's library, from what the built site says it is
 * (its community.json, from community.yaml) and the command line's overrides, checked against openZIM's rules (https://wiki.openzim.org/wiki/Metadata).
 */

/** What the command line may set; each overrides what community.yaml gives. */
export interface ZimFlags {
  name?: string | undefined;
  title?: string | undefined;
  description?: string | undefined;
  creator?: string | undefined;
  publisher?: string | undefined;
  language?: string | undefined;
  tags?: string | undefined;
  license?: string | undefined;
}

/** The archive's metadata, checked. */
export interface ZimMetadata {
  /** The archive's identifier across versions, such as `beer.stackexchange.com_eng_all`. */
  name: string;
  title: string;
  description: string;
  creator: string;
  publisher: string;
  /** ISO 639-3. */
  language: string;
  /** Semicolon-separated. */
  tags: string;
  /** The site the posts came from, when community.yaml names it. */
  source?: string;
  /** The content's licence(s), from community.yaml's `license` or --license. */
  license?: string;
}

/** openZIM's limits: Kiwix's library shows no more of a title or a description. */
const MAX_TITLE = 30;
const MAX_DESCRIPTION = 80;

/** The metadata, or every problem with it, each naming the flag that fixes it. */
export function zimMetadata(
  community: Pick<SiteDescription, "name" | "origin" | "language" | "license">,
  flags: ZimFlags,
): { metadata: ZimMetadata; problems?: undefined } | { metadata?: undefined; problems: string[] } {
  const host = community.origin === undefined ? undefined : new URL(community.origin).host;
  const language = flags.language ?? community.language ?? "eng";
  const title = flags.title ?? community.name;
  const creator = flags.creator ?? host ?? community.name;
  const license = flags.license ?? community.license;
  const metadata: ZimMetadata = {
    name: flags.name ?? `${slug(host ?? community.name)}_${language}_all`,
    title,
    description: flags.description ?? defaultDescription(community.name),
    creator,
    publisher: flags.publisher ?? creator,
    language,
    tags: flags.tags ?? defaultTags(host),
    ...(community.origin !== undefined && { source: community.origin }),
    ...(license !== undefined && { license }),
  };
  const problems = metadataProblems(metadata);
  return problems.length > 0 ? { problems } : { metadata };
}

/**
 * The metadata under openZIM's names, as libzim writes it. `Date` is the day the file is made;
 * `Scraper` names this project, as every ZIM names the tool that made its content. The tag
 * `_ftindex:yes` tells Kiwix's readers the file has a full-text index to search.
 */
export function openZimMetadata(metadata: ZimMetadata, date: Date): Record<string, string> {
  return {
    Name: metadata.name,
    Title: metadata.title,
    Description: metadata.description,
    Creator: metadata.creator,
    Publisher: metadata.publisher,
    Language: metadata.language,
    Tags: `${metadata.tags};_ftindex:yes`,
    Date: date.toISOString().slice(0, 10),
    Scraper: "qa-listing",
    ...(metadata.source !== undefined && { Source: metadata.source }),
    ...(metadata.license !== undefined && { License: metadata.license }),
  };
}

function metadataProblems(metadata: ZimMetadata): string[] {
  const { name, title, description, language, tags, license } = metadata;
  const length = (text: string) => [...new Intl.Segmenter().segment(text)].length;
  return [
    ...(length(title) > MAX_TITLE
      ? [
          `the title ${JSON.stringify(title)} is ${length(title)} characters; Kiwix's library shows at most ${MAX_TITLE}: pass a shorter one with --title`,
        ]
      : []),
    ...(length(description) > MAX_DESCRIPTION
      ? [
          `the description is ${length(description)} characters; Kiwix's library shows at most ${MAX_DESCRIPTION}: pass a shorter one with --description`,
        ]
      : []),
    ...(/^[a-z]{3}$/.test(language)
      ? []
      : [
          `the language ${JSON.stringify(language)} is not an ISO 639-3 code; pass one such as --language eng`,
        ]),
    ...(/^[\w.-]+$/.test(name)
      ? []
      : [
          `the name ${JSON.stringify(name)} may hold only letters, digits, "_", "." and "-"; pass one with --name, such as --name ${slug(name) || "our_archive"}_eng_all`,
        ]),
    ...(/[\n\r]/.test(tags) ? ["--tags must be one line of tags separated by semicolons"] : []),
    ...(license !== undefined && /[\n\r]/.test(license)
      ? ['the licence must be one line: pass one with --license, such as --license "CC BY-SA 4.0"']
      : []),
  ];
}

/** A name's letters and digits, for the archive's identifier: `Homelab & Self-Hosting` to `homelab_self-hosting`. */
function slug(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^\w.-]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

function defaultDescription(name: string): string {
  const described = `Questions and answers of ${name}`;
  return described.length <= MAX_DESCRIPTION ? described : "A community's questions and answers";
}

/** Kiwix's category tag for Stack Exchange archives, as openZIM's own (sotoki) writes it. */
function defaultTags(host: string | undefined): string {
  const stackExchange =
    host !== undefined &&
    /(?:^|\.)(?:stackexchange\.com|stackoverflow\.com|superuser\.com|serverfault\.com|askubuntu\.com|mathoverflow\.net)$/.test(
      host,
    );
  return stackExchange ? "_category:stack_exchange;stack_exchange" : "_category:other;qa";
}
