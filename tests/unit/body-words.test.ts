import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { questionFile } from "../../scripts/bench/gen-corpus.ts";
import { readAnswerFile } from "../../src/core/answer-file.ts";
import { readQuestionFile } from "../../src/core/question-file.ts";
import { htmlToText } from "../../src/lib/html-text.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { LONGEST_WORD, STOP_WORDS } from "../../src/lib/search/words.ts";

/*
 * The build cuts a body's index words from its sanitized HTML by a scan of its own and a
 * character-by-character word splitter, faster than the parser and the Unicode patterns they
 * replace. A reader must find the same questions: these words must be exactly those of the
 * straightforward reading kept here, `referenceWords(htmlToText(html))`, for every body.
 */
const APOSTROPHE = "['\u2019\u02bc]";
const POSSESSIVE = new RegExp(
  `(?<=[\\p{L}\\p{N}_+#])(?:${APOSTROPHE}s|(?<=s)${APOSTROPHE})(?![\\p{L}\\p{N}_])`,
  "gu",
);
const INNER_APOSTROPHE = new RegExp(`(?<=[\\p{L}\\p{N}])${APOSTROPHE}(?=[\\p{L}\\p{N}])`, "gu");

/** The index words of `text` as they were cut before the fast path, by regular expressions. */
function referenceWords(text: string): string {
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replaceAll("ß", "ss")
    .replace(POSSESSIVE, "")
    .replace(INNER_APOSTROPHE, "");
  const words = new Set<string>();
  for (const word of folded.match(/[\p{L}\p{N}_]+[+#]*/gu) ?? []) {
    if (word.length <= LONGEST_WORD && !STOP_WORDS.has(word)) words.add(word);
  }
  return [...words].join(" ");
}

type Settings = { bodyFormat: "markdown" | "html"; math: "off" | "tex" };
const EVERY_SETTING: Settings[] = [
  { bodyFormat: "markdown", math: "off" },
  { bodyFormat: "markdown", math: "tex" },
  { bodyFormat: "html", math: "off" },
  { bodyFormat: "html", math: "tex" },
];

/** Each file's words as the readers give them, beside the reference reading of its HTML. */
function checkFiles(texts: ReadonlyArray<{ name: string; text: string; answer: boolean }>): number {
  let checked = 0;
  for (const settings of EVERY_SETTING) {
    for (const { name, text, answer } of texts) {
      const read = answer
        ? readAnswerFile(text, name, settings)
        : readQuestionFile(text, name, { ...settings, excerptLength: 200 });
      if (read.entry === undefined) continue;
      const { bodyHtml, bodyWords } = read.entry;
      assert.equal(
        bodyWords,
        referenceWords(htmlToText(bodyHtml)),
        `${name} ${settings.bodyFormat} ${settings.math}`,
      );
      checked++;
    }
  }
  return checked;
}

function contentFiles(folder: string): Array<{ name: string; text: string; answer: boolean }> {
  return ["questions", "answers"].flatMap((sub) =>
    readdirSync(join(folder, sub))
      .filter((name) => name.endsWith(".md"))
      .map((name) => ({
        name: `${sub}/${name}`,
        text: readFileSync(join(folder, sub, name), "utf8"),
        answer: sub === "answers",
      })),
  );
}

/** Bodies written to reach the scan's edges: each must read as the parser reads it. */
const EDGE_BODIES = [
  "a<br>b<br/>c<hr>d<hr />e</br>f</p>g",
  "<p>one</p><p>two</p>three<em>four</em>five<li>six</li>seven",
  "x&amp;y &lt;z&gt; &quot;q&quot; it&#39;s don&apos;t a&nbsp;b &copy; &amp c&ampd &#x41;&#65;",
  "a<!-- hidden -->b <![CDATA[c]]> d<?pi e?>f",
  "<a href='x>y'>link</a> <a href=x>z</a> <a title=\"a>b\">w</a> <b / >x</b>",
  "1 < 2 and 3 <4 and a<  b and </ c> and <3 and <<x>> <x",
  "<script>var hidden = 1</script>shown<style>.p{}</style><template>t</template>",
  "<textarea>raw <p> text</textarea><title>t</title><xmp><b>x</b></xmp>",
  "<math><mi>x</mi><mo>+</mo><mn>2</mn></math> and <svg><text>t</text></svg>",
  "Grover’s Bayes' users' O’Brien DON'T café Ｆｕｌｌ ﬁle Straße C++ c# f# std::vector",
  "日本語のテキスト 𝐀𝐁𝐂 emoji 😀word 𝟙𝟚 ①② x²",
  "<P>UPPER</P><DIV>case</DIV><Br>tags",
  "$x^2$ and $$\\frac{a}{b}$$ then \\(y\\) and \\[z\\] and `$code$`",
  "<details><summary>s</summary>hidden</details>",
  "a\u0000b \ufffd c\r\nd\fe",
];

describe("index words of a body", () => {
  it("are the reference reading's over the example content and the hostile fixture", () => {
    for (const folder of ["content", "tests/e2e/hostile/content"]) {
      assert.ok(checkFiles(contentFiles(join(projectRoot, folder))) > 0, folder);
    }
  });

  it("are the reference reading's over bodies written to reach the scan's edges", () => {
    const files = EDGE_BODIES.map((body, index) => ({
      name: `edge-${index}`,
      text: `---\ntitle: Edge\ntags: [edge]\nasked: 2020-01-01T00:00:00Z\n---\n${body}\n`,
      answer: false,
    }));
    assert.equal(checkFiles(files), EDGE_BODIES.length * EVERY_SETTING.length);
  });

  it("are the reference reading's over a sample of the bench's generated corpus", () => {
    const files = Array.from({ length: 150 }, (_, index) => ({
      name: `q${index}`,
      text: questionFile(7, index * 37),
      answer: false,
    }));
    assert.ok(checkFiles(files) >= 150 * EVERY_SETTING.length - 8);
  });
});
