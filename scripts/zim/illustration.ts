import { readFileSync } from "node:fs";
import { Resvg } from "@resvg/resvg-js";
import { UsageError } from "../common/usage-error.ts";

/** The size Kiwix's library shows an archive's illustration at (openZIM's `Illustration_48x48@1`). */
export const ILLUSTRATION_SIZE = 48;

/**
 * The ZIM's illustration as PNG bytes: `file` itself when it is a PNG of 48x48, or an SVG
 * (the site's icon, by default) drawn at 48x48 by resvg.
 */
export function illustrationPng(file: string): Buffer {
  const bytes = readFileSync(file);
  if (file.toLowerCase().endsWith(".png")) {
    const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    if (width !== ILLUSTRATION_SIZE || height !== ILLUSTRATION_SIZE) {
      throw new UsageError(
        `--illustration ${file} is ${width}x${height}; Kiwix needs a PNG of exactly ${ILLUSTRATION_SIZE}x${ILLUSTRATION_SIZE}, or give an SVG to draw at that size`,
      );
    }
    return bytes;
  }
  const image = new Resvg(bytes, { fitTo: { mode: "width", value: ILLUSTRATION_SIZE } }).render();
  if (image.height !== ILLUSTRATION_SIZE) {
    throw new UsageError(
      `${file} is not square (drawn ${ILLUSTRATION_SIZE} wide, it is ${image.height} high); give a square icon with --illustration`,
    );
  }
  return image.asPng();
}
