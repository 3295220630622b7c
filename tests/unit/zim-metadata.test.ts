import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { openZimMetadata, zimMetadata } from "../../scripts/zim/metadata.ts";
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

  it("writes openZIM's names, with the day, the licence and the full-text index's tag", () => {
    const community = communityWith({
      name: "beer.stackexchange.com",
      origin: "https://beer.stackexchange.com",
      license: "CC BY-SA 3.0",
    });
    const { metadata } = zimMetadata(community, {});
    assert.ok(metadata);
    assert.deepEqual(openZimMetadata(metadata, new Date("2026-11-27T23:59:00Z")), {
      Name: "beer.stackexchange.com_eng_all",
      Title: "beer.stackexchange.com",
      Description: "Questions and answers of beer.stackexchange.com",
      Creator: "beer.stackexchange.com",
      Publisher: "beer.stackexchange.com",
      Language: "eng",
      Tags: "_category:stack_exchange;stack_exchange;_ftindex:yes",
      Date: "2026-11-27",
      Scraper: "qa-listing",
      Source: "https://beer.stackexchange.com",
      License: "CC BY-SA 3.0",
    });
    const flagged = zimMetadata(community, { license: "CC BY-SA 4.0" }).metadata;
    assert.equal(flagged?.license, "CC BY-SA 4.0", "--license over community.yaml");
  });

  it("writes no License when neither community.yaml nor a flag names one", () => {
    const { metadata } = zimMetadata(communityWith({ name: "Homelab" }), {});
    assert.ok(metadata);
    assert.equal(Object.hasOwn(openZimMetadata(metadata, new Date()), "License"), false);
  });

  it("takes a licence of one line only", () => {
    const read = zimMetadata(communityWith({ name: "Homelab" }), { license: "CC\nBY" });
    assert.deepEqual(read.problems, [
      'the licence must be one line: pass one with --license, such as --license "CC BY-SA 4.0"',
    ]);
  });
});
