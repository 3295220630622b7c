import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { zimMetadata } from "../../scripts/zim/metadata.ts";
import { communityWith } from "../helpers/content-in-memory.ts";

describe("a ZIM's metadata", () => {
  it("comes from community.yaml: name, origin and language", () => {
    const community = communityWith({
      name: "Beer, Wine & Spirits",
      origin: "https://beer.stackexchange.com",
      language: "eng",
    });
    assert.deepEqual(zimMetadata(community, {}), {
      metadata: {
        name: "beer.stackexchange.com_eng_all",
        title: "Beer, Wine & Spirits",
        description: "Questions and answers of Beer, Wine & Spirits",
        creator: "beer.stackexchange.com",
        publisher: "beer.stackexchange.com",
        language: "eng",
        tags: "_category:stack_exchange;stack_exchange",
        source: "https://beer.stackexchange.com",
      },
    });
  });

  it("takes each flag over community.yaml, and English when nothing names a language", () => {
    const flags = { title: "Homelab", publisher: "Me", tags: "homelab", name: "homelab_all" };
    const read = zimMetadata(communityWith({ name: "Homelab & Self-Hosting" }), flags);
    assert.deepEqual(read.metadata, {
      name: "homelab_all",
      title: "Homelab",
      description: "Questions and answers of Homelab & Self-Hosting",
      creator: "Homelab & Self-Hosting",
      publisher: "Me",
      language: "eng",
      tags: "homelab",
    });
  });

  it("names every problem and the flag that fixes it", () => {
    const read = zimMetadata(communityWith({ name: "A community whose name is far too long" }), {
      language: "en",
      description: "x".repeat(81),
      name: "a name",
    });
    assert.deepEqual(read.problems, [
      'the title "A community whose name is far too long" is 38 characters; Kiwix\'s library shows at most 30: pass a shorter one with --title',
      "the description is 81 characters; Kiwix's library shows at most 80: pass a shorter one with --description",
      'the language "en" is not an ISO 639-3 code; pass one such as --language eng',
      'the name "a name" may hold only letters, digits, "_", "." and "-"; pass one with --name, such as --name a_name_eng_all',
    ]);
  });
});
