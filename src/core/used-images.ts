import {
  IMAGES_FOLDER,
  isImageName,
  type ImageFacts,
  type ImageSize,
} from "../lib/content-images.ts";

/** What is wrong with an image named as no file of `images/` may be (`isImageName`). */
const BAD_NAME: ImageFacts = {
  problem:
    'is not a name an image of images/ may have: only letters, digits, ".", "_" and "-", in folders of the same, no name starting with ".", and the extension .png, .jpg, .jpeg, .gif, .webp or .avif (a space or an accent cannot be told apart from another way of writing the name); rename the file and its address, such as images/my-photo.png',
};
import type { ContentProblem } from "../lib/problems.ts";

/** The content folder's `images/`, as the build reads it: each file's facts, asked by name. */
export interface ContentImages {
  /** The image's size or its problem; undefined when there is no such file. */
  factsOf(name: string): ImageFacts | undefined;
}

/**
 * The files of the content's `images/` that bodies show: each checked once, with a problem for
 * the post that shows a missing or unusable one; their sizes for the pages; and the list the
 * site's `images/` is written from, so that only what a page shows is copied.
 */
export class UsedImages {
  readonly #images: ContentImages | undefined;
  readonly #sizes = new Map<string, ImageSize | string>();

  constructor(images: ContentImages | undefined) {
    this.#images = images;
  }

  /** A problem of `file`'s body for each image it shows that the site cannot. */
  check(file: string, names: readonly string[] | undefined, problems: ContentProblem[]): void {
    for (const name of new Set(names)) {
      const size = this.#sizeOf(name);
      if (typeof size === "string") problems.push({ file, field: "body", reason: size });
    }
  }

  /** The size of each image `bodies` show, by name; undefined when they show none. */
  sizesOf(
    bodies: readonly ({ images: readonly string[] } | undefined)[],
  ): Record<string, ImageSize> | undefined {
    let sizes: Record<string, ImageSize> | undefined;
    for (const name of bodies.flatMap((body) => body?.images ?? [])) {
      const size = this.#sizeOf(name);
      if (typeof size === "string") continue;
      sizes ??= {};
      sizes[name] = size;
    }
    return sizes;
  }

  /** Every image a body shows that the site can, each once, sorted. */
  used(): string[] {
    return [...this.#sizes]
      .flatMap(([name, size]) => (typeof size === "string" ? [] : [name]))
      .sort();
  }

  /** The image's size, or the reason a post cannot show it. */
  #sizeOf(name: string): ImageSize | string {
    let size = this.#sizes.get(name);
    if (size === undefined) {
      const address = `"${IMAGES_FOLDER}/${name}"`;
      // Never looked for on disk: such a name may climb out of images/.
      const facts = isImageName(name) ? this.#images?.factsOf(name) : BAD_NAME;
      size =
        facts === undefined
          ? `image ${address} does not exist: there is no ${IMAGES_FOLDER}/${name} in the content folder; add the file, or correct the address`
          : "problem" in facts
            ? `image ${address} ${facts.problem}`
            : { width: facts.width, height: facts.height };
      this.#sizes.set(name, size);
    }
    return size;
  }
}
