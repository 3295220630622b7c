/*
 * A text stored on disk by the build instead of held in memory (text-store.ts): where its
 * UTF-8 bytes are. A post's HTML is needed once, when its page is written, and held all at
 * once it was most of a large build's memory.
 */

/** Where a stored text is. */
export interface StoredText {
  /** The store file's absolute path. */
  store: string;
  /** The byte offset of the text in the file. */
  at: number;
  /** Its length in bytes. */
  bytes: number;
}

/** A text as a build holds it: the text itself, or where it was stored. */
export type TextOrStored = string | StoredText;

/**
 * A text a build derives afresh each time and stores (a question's page as JSON, a file of the
 * search index), with a digest of it: where it is changes from build to build, so the digest
 * stands for it when a rebuild asks whether a page's inputs changed.
 */
export interface DigestedText extends StoredText {
  digest: string;
}
