import { it } from "node:test";
import assert from "node:assert/strict";
import { inTempFolder } from "../helpers/temp-folder.ts";
import { copyFileSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { contentImages } from "../../src/machinery/loading/content-images.ts";
import { projectRoot } from "../../src/project-paths.ts";

/*
 * A symbolic link in images/ was followed out of the content folder, and the site published
 * what it led to; a link in questions/ is refused.
 */
it("refuses an image reached through a symbolic link, to a file or a folder, and reads the rest", () => {
  inTempFolder("qa-image-links-", (work) => {
    const png = join(
      projectRoot,
      "content/images",
      readdirSync(join(projectRoot, "content/images"))[0] ?? "",
    );
    const images = join(work, "content", "images");
    mkdirSync(join(work, "elsewhere"), { recursive: true });
    mkdirSync(images, { recursive: true });
    copyFileSync(png, join(images, "real.png"));
    copyFileSync(png, join(work, "elsewhere", "secret.png"));
    symlinkSync(join(work, "elsewhere", "secret.png"), join(images, "link.png"));
    symlinkSync(join(work, "elsewhere"), join(images, "sub"));
    const facts = contentImages(join(work, "content"));
    assert.ok(
      facts.factsOf("real.png") !== undefined && !("problem" in (facts.factsOf("real.png") ?? {})),
    );
    for (const name of ["link.png", "sub/secret.png"]) {
      assert.match(
        (facts.factsOf(name) as { problem?: string } | undefined)?.problem ?? "",
        /^is a symbolic link, or lies in a folder that is one: .*; copy the image into images\/ in its place$/,
        name,
      );
    }
  });
});
