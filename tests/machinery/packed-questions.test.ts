import { it } from "node:test";
import assert from "node:assert/strict";
import {
  packQuestions,
  unpackQuestions,
  type StoredQuestion,
} from "../../src/machinery/loading/packed-questions.ts";

/*
 * The questions as the loading thread hands them over (src/machinery/loading/packed-questions.ts): packed
 * into a part's text and unpacked on Astro's thread as they were, with their keys in the same
 * order (a rebuild compares pages by their props' JSON).
 */

const questions: StoredQuestion[] = [
  {
    id: "q-2",
    tags: ["c#", "ünïcödé", "文字"],
    listingDigest: "AAAAAAAAAAAAAAAA",
    facts: { score: -2, active: Date.parse("2024-03-05T14:22:10.383Z"), answered: true },
    page: {
      store: "/cache/pages/a.html",
      at: 0,
      bytes: 1_234,
      digest: "-_-_-_-_-_-_-_-_",
      entryBytes: 300,
    },
  },
  {
    id: "q_1",
    tags: [],
    listingDigest: "BBBBBBBBBBBBBBBB",
    facts: { score: 0, active: Date.parse("2024-03-05T14:22:10.000Z"), answered: false },
    page: {
      store: '/cache/pages/b "quoted".html',
      at: 2 ** 40,
      bytes: 5,
      digest: "CCCCCCCCCCCCCCCC",
      entryBytes: 0,
    },
  },
  {
    id: "3",
    tags: ["c#"],
    listingDigest: "DDDDDDDDDDDDDDDD",
    facts: { score: 12, active: Date.parse("2025-01-01T00:00:00.000Z"), answered: false },
    page: {
      store: "/cache/pages/a.html",
      at: 1_234,
      bytes: 7,
      digest: "EEEEEEEEEEEEEEEE",
      entryBytes: 7,
    },
  },
];

it("unpacks the questions a part packed as they were, in the same order of keys", () => {
  const packed = structuredClone(packQuestions(questions, [2, 0, 1]));
  const unpacked = unpackQuestions(packed, (text) => text);
  assert.deepEqual(unpacked, questions);
  assert.equal(JSON.stringify(unpacked), JSON.stringify(questions));
  assert.deepEqual([...packed.ranks], [2, 0, 1]);
});

it("names each store once in a part, and hands every tag and store to be shared", () => {
  const packed = packQuestions(questions, [0, 1, 2]);
  assert.equal(packed.text.split("/cache/pages/a.html").length - 1, 1);
  const shared: string[] = [];
  unpackQuestions(packed, (text) => {
    shared.push(text);
    return text;
  });
  assert.deepEqual(shared.sort(), [
    "/cache/pages/a.html",
    '/cache/pages/b "quoted".html',
    "c#",
    "c#",
    "ünïcödé",
    "文字",
  ]);
});
