import { imageSize } from "image-size";

/*
 * Images kept with the content: files of the content folder's `images/` that bodies show, as
 * `![alt](images/circuit.png)` or `<img src="images/circuit.png">`. The build checks each one a
 * body uses, writes it into the site beside the pages, and gives its `<img>` the image's own
 * width and height, so that nothing moves as it loads.
 */

/** The folder of the content folder, and of the site, that holds the images. */
export const IMAGES_FOLDER = "images";

/** A body's image address in the content's `images/`: what follows `images/`. */
const IN_IMAGES = /^images\/(.+)$/s;

/**
 * A name a file of `images/` may have: folders and a file name of letters, digits, `.`, `_` and
 * `-`, none starting with `.` (so never `..`), and an image's extension. A space or an accent
 * would need reading as a browser reads an address, and the same name written two ways could
 * name two files, or none.
 */
const IMAGE_NAME =
  /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.(?:png|jpe?g|gif|webp|avif|PNG|JPE?G|GIF|WEBP|AVIF)$/;

/**
 * The file of `images/` a body's image address names, its escapes (`%20`) read, whether or not
 * it is a name such a file may have (`isImageName`). Undefined for an address that names no
 * file there: outside `images/`, or with a query, a fragment, a backslash, or a step `.`,
 * `..` or empty between its slashes (a way out, which the archive never follows).
 */
export function contentImageName(address: string): string | undefined {
  const path = IN_IMAGES.exec(address.trim())?.[1];
  if (path === undefined || /[?#\\]/.test(path)) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const steps = name.split("/");
  return steps.some((step) => step === "" || step === "." || step === "..") ? undefined : name;
}

/** Whether `name` is one a file of `images/` may have (`IMAGE_NAME`). */
export function isImageName(name: string): boolean {
  return IMAGE_NAME.test(name);
}

/** An image of `images/` as the page shows it. */
export interface ImageSize {
  width: number;
  height: number;
}

/** The image's size, or why the build cannot show it. */
export type ImageFacts = ImageSize | { problem: string };

/** Each kind of image a browser shows without a script, by what image-size calls it. */
const SHOWN_TYPES: Readonly<Record<string, readonly string[]>> = {
  png: ["png"],
  jpg: ["jpg", "jpeg"],
  gif: ["gif"],
  webp: ["webp"],
  heif: ["avif"],
};

/**
 * The size of the image `name` holding `bytes`, as a browser lays it out (an EXIF rotation of a
 * quarter turn swaps width and height); or the problem with it: not an image, not one of the
 * kinds above, or named with the extension of another.
 */
export function imageFacts(name: string, bytes: Uint8Array): ImageFacts {
  let read: ReturnType<typeof imageSize>;
  try {
    read = imageSize(bytes);
  } catch {
    return {
      problem: "is not an image that can be read; replace it with a PNG, JPEG, GIF, WebP or AVIF",
    };
  }
  const extension = /\.(\w+)$/.exec(name)?.[1]?.toLowerCase() ?? "";
  const extensions = SHOWN_TYPES[read.type ?? ""];
  if (extensions === undefined) {
    return {
      problem: `is ${read.type === "svg" ? "an SVG, which can hold script" : `a ${String(read.type).toUpperCase()} image`}; convert it to PNG, JPEG, GIF, WebP or AVIF`,
    };
  }
  if (!extensions.includes(extension)) {
    return {
      problem: `holds a ${read.type === "heif" ? "AVIF" : String(read.type).toUpperCase()} image; rename it .${extensions[0] ?? ""}`,
    };
  }
  const turned = read.orientation !== undefined && read.orientation >= 5;
  return turned
    ? { width: read.height, height: read.width }
    : { width: read.width, height: read.height };
}

/** An `<img>` of the content's, as the sanitizer writes what `contentImage` made. */
const UNSETTLED_IMAGE = /<img data-image="([^"]*)" alt="([^"]*)" \/>/g;

/**
 * A body's images of the content's given their address from the page (`srcOf`), and their size
 * (`sizeOf`, from the build's reading of `images/`): width and height keep the text from moving
 * as an image loads, and one below the screen loads only as the reader nears it.
 */
export function settleImages(
  html: string,
  srcOf: (name: string) => string,
  sizeOf: (name: string) => ImageSize | undefined,
): string {
  if (!html.includes("<img data-image=")) return html;
  return html.replace(UNSETTLED_IMAGE, (_image, name: string, alt: string) => {
    const size = sizeOf(name);
    const sized = size === undefined ? "" : ` width="${size.width}" height="${size.height}"`;
    return `<img src="${srcOf(name)}" alt="${alt}"${sized} loading="lazy" decoding="async" />`;
  });
}
