import { existsSync, readdirSync } from "node:fs";
import type { ListedName } from "../../core/folder.ts";

/**
 * The names in a folder, undefined when there is no such folder. A module of its own, light
 * enough for the early load to list the questions before it loads any reading code.
 */
export function listedNames(directory: string): ListedName[] | undefined {
  if (!existsSync(directory)) return undefined;
  return readdirSync(directory, { withFileTypes: true }).map((entry) => ({
    name: entry.name,
    isFile: entry.isFile(),
  }));
}

/**
 * A folder's listing as it crosses to the loading thread: its names in one string and whether
 * each is a file in one byte. Cloned as an object per name, a listing took as long to cross
 * as listing the folder again (scripts/bench.md, "Why the constants are what they are").
 */
export interface PackedListing {
  names: string;
  files: Uint8Array;
}

/** A listing packed to cross threads; a name never holds "/", so it parts them. */
export function packListing(listing: readonly ListedName[]): PackedListing {
  return {
    names: listing.map(({ name }) => name).join("/"),
    files: Uint8Array.from(listing, ({ isFile }) => (isFile ? 1 : 0)),
  };
}

/** The listing `packListing` packed. */
export function unpackListing({ names, files }: PackedListing): ListedName[] {
  if (files.length === 0) return [];
  return names.split("/").map((name, index) => ({ name, isFile: files[index] === 1 }));
}

/** A folder's listing as a caller had it: as names, or packed to cross threads. */
export type Listing = ListedName[] | PackedListing;

/** A listing as names, unpacked if it came packed. */
export function listingNames(listing: Listing | undefined): ListedName[] | undefined {
  return listing === undefined || Array.isArray(listing) ? listing : unpackListing(listing);
}
