import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Resvg } from "@resvg/resvg-js";
import {
  contentImageName,
  isImageName,
  imageFacts,
  settleImages,
  type ImageFacts,
} from "../../src/lib/content-images.ts";
import { communityWith, pagesOf } from "../helpers/content-in-memory.ts";

/** Images as small as each kind allows, 1x1, and a 30x20 PNG drawn by resvg. */
const IMAGES = {
  gif: Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
  webp: Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64"),
  jpg: Buffer.from(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    "base64",
  ),
  png: new Resvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><rect width="30" height="20"/></svg>',
  )
    .render()
    .asPng(),
  svg: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"><script>alert(1)</script></svg>',
  ),
};

describe("images of the content's images/", () => {
  it("are named by images/ and a safe path to a file of an image's kind", () => {
    assert.equal(contentImageName("images/3f2a.webp"), "3f2a.webp");
    assert.equal(contentImageName(" images/q/1/circuit_2-b.JPG "), "q/1/circuit_2-b.JPG");
    assert.ok(isImageName("q/1/circuit_2-b.JPG"));
    assert.equal(contentImageName("images/my%20photo.png"), "my photo.png");
    for (const address of ["a.png", "images/../a.png", "images/a.png#x", "images/%2e%2e/a.png"]) {
      assert.equal(contentImageName(address), undefined, address);
    }
    for (const name of ["a.svg", "my photo.png", "café.png", "..png", ".a.png"]) {
      assert.equal(contentImageName(`images/${name}`), name);
      assert.equal(isImageName(name), false, name);
    }
  });

  it("are read for their size, whatever kind a browser shows", () => {
    assert.deepEqual(imageFacts("a.png", IMAGES.png), { width: 30, height: 20 });
    assert.deepEqual(imageFacts("a.jpeg", IMAGES.jpg), { width: 1, height: 1 });
    assert.deepEqual(imageFacts("a.gif", IMAGES.gif), { width: 1, height: 1 });
    assert.deepEqual(imageFacts("a.webp", IMAGES.webp), { width: 1, height: 1 });
  });

  it("say what is wrong with a file that is no image, an SVG, or named as another kind", () => {
    assert.deepEqual(imageFacts("a.png", Buffer.from("<html>404</html>")), {
      problem: "is not an image that can be read; replace it with a PNG, JPEG, GIF, WebP or AVIF",
    });
    assert.deepEqual(imageFacts("a.png", IMAGES.svg), {
      problem: "is an SVG, which can hold script; convert it to PNG, JPEG, GIF, WebP or AVIF",
    });
    assert.deepEqual(imageFacts("a.png", IMAGES.jpg), {
      problem: "holds a JPG image; rename it .jpg",
    });
  });

  it("are given their address and size on the page, and load lazily", () => {
    const html = '<p><img data-image="a.png" alt="a &quot;b&quot;" /></p>';
    assert.equal(
      settleImages(
        html,
        (name) => `../../images/${name}`,
        () => ({ width: 30, height: 20 }),
      ),
      '<p><img src="../../images/a.png" alt="a &quot;b&quot;" width="30" height="20" loading="lazy" decoding="async" /></p>',
    );
  });
});

describe("a body's images, across the content", () => {
  const community = communityWith();
  const folder = (files: Record<string, Buffer>) => ({
    factsOf: (name: string): ImageFacts | undefined => {
      const bytes = files[name];
      return bytes === undefined ? undefined : imageFacts(name, bytes);
    },
  });
  const question = (body: string) =>
    `---\ntitle: "A circuit"\ntags: [circuits]\nasked: "2024-01-01"\n---\n${body}\n`;

  it("are shown with their size, and only those shown go to the site", () => {
    const read = pagesOf(
      community,
      { q: question("![a circuit](images/c.png)") },
      {
        a: `---\nquestion: q\nanswered: "2024-01-02"\n---\n![again](images/c.png) ![gif](images/g.gif)\n`,
      },
      folder({ "c.png": IMAGES.png, "g.gif": IMAGES.gif, "unused.webp": IMAGES.webp }),
    );
    assert.equal(read.problems, undefined);
    const page = read.pages?.get("q");
    assert.deepEqual(page?.images, {
      "c.png": { width: 30, height: 20 },
      "g.gif": { width: 1, height: 1 },
    });
    assert.match(
      page?.bodyHtml ?? "",
      /<img src="\.\.\/\.\.\/images\/c\.png" alt="a circuit" width="30" height="20"/,
    );
    assert.deepEqual(read.images, ["c.png", "g.gif"]);
  });

  it("are problems of the post that shows them when missing or unusable, every one in one run", () => {
    const read = pagesOf(
      community,
      { q: question("![gone](images/gone.png) ![svg](images/s.png) ![gone](images/gone.png)") },
      { a: `---\nquestion: q\nanswered: "2024-01-02"\n---\n![gone](images/gone.png)\n` },
      folder({ "s.png": IMAGES.svg }),
    );
    assert.deepEqual(read.problems, [
      {
        file: "questions/q.md",
        field: "body",
        reason:
          'image "images/gone.png" does not exist: there is no images/gone.png in the content folder; add the file, or correct the address',
      },
      {
        file: "questions/q.md",
        field: "body",
        reason:
          'image "images/s.png" is an SVG, which can hold script; convert it to PNG, JPEG, GIF, WebP or AVIF',
      },
      {
        file: "answers/a.md",
        field: "body",
        reason:
          'image "images/gone.png" does not exist: there is no images/gone.png in the content folder; add the file, or correct the address',
      },
    ]);
  });

  /* Such images showed as their alt text, with no problem reported. */
  it("are problems when named as no file of images/ may be, and never looked for on disk", () => {
    const read = pagesOf(
      community,
      { q: question("![a](<images/my photo.png>) <img src='images/café.png'> ![c](images/..png)") },
      {},
      folder({ "my photo.png": IMAGES.png, "café.png": IMAGES.png, "..png": IMAGES.png }),
    );
    assert.deepEqual(
      (read.problems ?? []).map(({ file, field, reason }) => [
        `${file} ${field}`,
        /^image "images\/(.*)" is not a name an image of images\/ may have: .*; rename the file and its address/.exec(
          reason,
        )?.[1],
      ]),
      ["my photo.png", "café.png", "..png"].map((name) => ["questions/q.md body", name]),
    );
  });
});
