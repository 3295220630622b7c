/**
 * The pieces of a synthetic Stack-Overflow-like question: the tag vocabulary and its Zipf
 * weights, titles, and bodies in Markdown or in raw HTML (as Stack Exchange dumps store them).
 * Everything draws from the `Random` it is given, nothing from global state.
 */
import { createRandom, type Random } from "./prng.ts";

// ---------- tags ----------

/** Popular tags, most popular first: the head of the Zipf distribution. */
const HEAD_TAGS =
  `javascript python java c# php android html jquery css ios sql mysql node.js reactjs
c arrays json r sql-server asp.net python-3.x ruby-on-rails swift django objective-c angular pandas
excel regex typescript linux iphone ajax ruby xml spring .net laravel vba database wordpress bash
postgresql string git mongodb windows flutter oracle multithreading dataframe list macos vb.net image
docker algorithm eclipse amazon-web-services twitter-bootstrap visual-studio azure function scala
kotlin powershell firebase rest dart api selenium numpy matplotlib unit-testing go rust apache haskell
perl lua elixir clojure asp.net-core asp.net-mvc entity-framework linq wpf winforms unity3d opengl
webpack vite babel eslint npm yarn express next.js vue.js svelte redux graphql websocket http ssl nginx
kubernetes terraform ansible jenkins github-actions maven gradle junit pytest jest cypress tensorflow
keras pytorch scikit-learn machine-learning opencv nlp matlab julia sqlite redis elasticsearch kafka
apache-spark hadoop airflow csv parsing datetime sorting recursion dictionary pointers c++ c99 c++17
oop generics lambda async-await promise dom forms validation oauth-2.0 jwt cors cookies session
security encryption unicode utf-8 file-io sockets tcp dns curl xpath web-scraping google-chrome
firefox canvas svg d3.js three.js flexbox sass tailwind-css material-ui react-native xcode swiftui
android-studio jetpack-compose rxjs electron qt tkinter cmake gcc clang assembly x86-64 arduino
raspberry-pi cuda vim visual-studio-code jupyter-notebook pip anaconda ubuntu wsl awk sed ffmpeg pdf
latex yaml protobuf grpc iis azure-devops google-cloud-platform google-sheets ms-access t-sql plsql
spring-boot hibernate jpa tomcat microservices design-patterns logging debugging jvm blazor maui
xamarin.forms winapi directx fortran delphi cobol`
    .split(/\s+/)
    .map((tag) => tag.replace("#", "sharp").replace(/\+/g, "p"));

/** Second words that make the long tail: `react-hooks`, `django-2.x`, `c99-compiler`, ... */
const TAIL_SUFFIXES = `hooks router cli sdk plugin config api 2 3 4 5 8 11 2.x 3.x 4.x migrations
testing templates forms auth cache query types events streams deployment admin module build charts
serialization security performance errors ui components orm async logging data extension runtime`.split(
  /\s+/,
);

/** Scalars that YAML 1.1 or 1.2 reads as something other than a string. */
const YAML_NON_STRING = /^(?:y|n|yes|no|on|off|true|false|null|~|\.inf|\.nan|[-+.\d][\d._e+-]*)$/;

function isGoodTag(tag: string): boolean {
  return (
    /^[a-z0-9.-]+$/.test(tag) &&
    /[a-z]/.test(tag) &&
    !tag.startsWith("-") &&
    !YAML_NON_STRING.test(tag) &&
    tag.length <= 35
  );
}

/** 2,000 tag names: the head list, then derived names in a fixed shuffled order. */
function tagVocabulary(size: number): readonly string[] {
  // A fixed seed: the vocabulary does not change with --seed, only the questions do.
  const random = createRandom(0x7a6);
  const tags = HEAD_TAGS.filter(isGoodTag);
  const seen = new Set(tags);
  while (tags.length < size) {
    const base = random.pick(HEAD_TAGS).replace(/^\./, "");
    const tag = `${base}-${random.pick(TAIL_SUFFIXES)}`;
    if (!seen.has(tag) && isGoodTag(tag)) {
      seen.add(tag);
      tags.push(tag);
    }
  }
  return tags;
}

export const TAGS = tagVocabulary(2000);

/** Cumulative Zipf-Mandelbrot weights 1 / (rank + 2.7), normalized to end at 1. */
const TAG_CUMULATIVE = (() => {
  const sums: number[] = [];
  let sum = 0;
  for (let rank = 1; rank <= TAGS.length; rank++) sums.push((sum += 1 / (rank + 2.7)));
  return sums.map((value) => value / sum);
})();

/** 1 to 5 distinct tags, popular ones far more often, in the order drawn. */
export function drawTags(random: Random): string[] {
  const wanted = random.pick([1, 2, 2, 3, 3, 3, 3, 4, 4, 5]);
  const tags: string[] = [];
  while (tags.length < wanted) {
    const tag = zipfTag(random.next());
    if (!tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

function zipfTag(x: number): string {
  let lo = 0;
  let hi = TAG_CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((TAG_CUMULATIVE[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return TAGS[lo] as string;
}

// ---------- words ----------

const WORDS = `I we it the a an this that my value array list object method function class file
request response server client query table row column key index error exception result data loop
variable argument parameter callback promise thread process memory buffer stream event handler
component state element page button input form template view model route path config package
dependency version test output log message type interface library framework database record field
works fails returns throws compiles crashes hangs prints shows loads saves updates deletes creates
runs breaks expects gets sets when after before while because if but and or with without into from
on in for of to by using every some only still also just again always never sometimes correctly
locally here there`.split(/\s+/);
const VERBS = `sort filter merge parse convert read write load save update delete serialize render
validate format compare join split iterate map group cache debug test deploy install configure
import export upload download encode decode mock migrate`.split(/\s+/);
const THINGS = [
  "a list of dictionaries",
  "a nested object",
  "a date string",
  "a large CSV file",
  "a JSON response",
  "the user's input",
  "a 2D array",
  "a dataframe column",
  "an HTTP request",
  "a background thread",
  "a config file",
  "a SQL query",
  "the session cookie",
  "a Unicode string",
  "a binary file",
  "a custom header",
  "a websocket message",
  "a stored procedure",
  "an enum value",
  "a generic type",
  "a child component",
  "a promise chain",
];
const ERRORS = [
  "NullPointerException",
  "TypeError: Cannot read properties of undefined (reading 'map')",
  "KeyError: 'id'",
  "IndexError: list index out of range",
  "Segmentation fault (core dumped)",
  "ModuleNotFoundError: No module named 'requests'",
  "SyntaxError: Unexpected token < in JSON at position 0",
  "error CS0246: The type or namespace name could not be found",
  "404 Not Found",
  "java.lang.StackOverflowError",
  "ConcurrentModificationException",
  "fatal: refusing to merge unrelated histories",
  "ValueError: invalid literal for int() with base 10: ''",
  "OutOfMemoryError: Java heap space",
  "undefined reference to `main'",
];
const CODE_WORDS = [
  "user_id",
  "getItems()",
  "Array.prototype.map",
  "std::vector<int>",
  "List<String>",
  "dict.get()",
  "useEffect",
  "df.groupby()",
  "map[string]int",
  "Option<T>",
  "async/await",
  "this.state",
  "x && y",
  "__init__",
  "Promise.all()",
  "HashMap<K, V>",
  "a < b",
  "#include <stdio.h>",
  "@Override",
  "$scope.$apply()",
];
const CODE_LINES = [
  "for (int i = 0; i < n; i++) {",
  "    sum += values[i] * weight;",
  "}",
  "def parse(line):",
  "    return [int(x) for x in line.split(',') if x]",
  "const result = items.filter((x) => x.id > 10 && x.active);",
  "if (a < b && b > c) { return a & mask; }",
  "SELECT u.name, COUNT(*) FROM users u JOIN orders o ON o.user_id = u.id GROUP BY u.name;",
  '<div class="row"><span>{{ item.title }}</span></div>',
  "grep -v '^#' \"$HOME/.bashrc\" > out.txt",
  "Map<String, List<Integer>> index = new HashMap<>();",
  'std::cout << "value: " << v << std::endl;',
  'fmt.Printf("%d items\\n", len(xs))',
  "let v: Vec<u8> = buf.iter().copied().collect();",
  '    print(f"{name!r} -> {value:.2f}")',
  '$stmt = $pdo->prepare("SELECT * FROM t WHERE id = ?");',
  "Traceback (most recent call last):",
  '  File "main.py", line 12, in <module>',
  "// TODO: what about the empty case?",
  "{% for post in posts %}{{ post.title }}{% endfor %}",
  "   ",
];
const FENCE_LANGUAGES = ["python", "js", "java", "csharp", "sql", "bash", "html", "cpp", "go", ""];
const ODD_WORDS = ["café", "naïve", "→", "…", "über", "日本語", "—", "½", "emoji 🙂"];

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[c]};`);

// ---------- titles ----------

export function drawTitle(random: Random, tag: string): string {
  const shapes: (() => string)[] = [
    () => `How do I ${random.pick(VERBS)} ${random.pick(THINGS)} in ${tag}?`,
    () => `${tag}: ${random.pick(ERRORS)} when I ${random.pick(VERBS)} ${random.pick(THINGS)}`,
    () => `Why does ${random.pick(CODE_WORDS)} return ${random.pick(["null", "NaN", "[]", "0"])}?`,
    () => `Difference between ${random.pick(CODE_WORDS)} and ${random.pick(CODE_WORDS)}`,
    () => `Fastest way to ${random.pick(VERBS)} ${random.pick(THINGS)} with ${tag}`,
    () => `${tag} ${random.between(2, 9)}.${random.between(0, 9)} broke ${random.pick(THINGS)}`,
    () => `"${random.pick(ERRORS)}" in ${tag} #${random.between(1, 99)}`,
    () => `${random.pick(VERBS)} ${random.pick(THINGS)} without a loop - ${tag}`,
  ];
  const title = random.pick(shapes)();
  return title[0]?.toUpperCase() + title.slice(1);
}

// ---------- bodies ----------

type Flavour = "markdown" | "html";

function sentence(random: Random, flavour: Flavour): string {
  const md = flavour === "markdown";
  const words: string[] = [];
  for (let n = random.between(5, 24); n > 0; n--) {
    const roll = random.next();
    if (roll < 0.05) {
      const code = random.pick(CODE_WORDS);
      words.push(md ? `\`${code}\`` : `<code>${escapeHtml(code)}</code>`);
    } else if (roll < 0.065) {
      const word = random.pick(WORDS);
      words.push(md ? `**${word}**` : `<strong>${word}</strong>`);
    } else if (roll < 0.075) {
      const word = random.pick(WORDS);
      words.push(md ? `_${word}_` : `<em>${word}</em>`);
    } else if (roll < 0.083) {
      const href = `https://example.org/${random.pick(VERBS)}/${random.between(1, 9999)}`;
      words.push(
        md ? `[this answer](${href})` : `<a href="${href}" rel="nofollow">this answer</a>`,
      );
    } else if (roll < 0.086) {
      words.push(md ? `<https://example.net/${random.between(1, 999)}>` : "&amp;");
    } else if (roll < 0.09) {
      words.push(
        random.pick(
          md ? ["&", "&amp;", "&copy;", "&#8212;", "~~old~~"] : ["&nbsp;", "&#39;s", "&hellip;"],
        ),
      );
    } else if (roll < 0.093) {
      words.push(random.pick(ODD_WORDS));
    } else {
      words.push(random.pick(WORDS));
    }
  }
  const text = words.join(" ");
  return text[0]?.toUpperCase() + text.slice(1) + random.pick([".", ".", ".", ".", "?", "!", ":"]);
}

const paragraph = (random: Random, flavour: Flavour): string =>
  Array.from({ length: random.between(1, 5) }, () => sentence(random, flavour)).join(" ");

const codeLines = (random: Random): string[] =>
  Array.from({ length: random.between(2, 16) }, () => random.pick(CODE_LINES));

function markdownBlock(random: Random): string {
  const roll = random.next();
  if (roll < 0.54) return paragraph(random, "markdown");
  if (roll < 0.72) {
    return "```" + random.pick(FENCE_LANGUAGES) + "\n" + codeLines(random).join("\n") + "\n```";
  }
  if (roll < 0.79)
    return codeLines(random)
      .map((line) => `    ${line}`)
      .join("\n");
  if (roll < 0.87) {
    const bullet = random.chance(0.35) ? "" : random.pick(["-", "*"]);
    const items = Array.from({ length: random.between(2, 6) }, (_, i) => {
      const marker = bullet === "" ? `${i + 1}.` : bullet;
      return `${marker} ${sentence(random, "markdown")}`;
    });
    return items.join("\n");
  }
  if (roll < 0.91) return `> ${random.pick(ERRORS)}\n>\n> ${sentence(random, "markdown")}`;
  if (roll < 0.94) {
    const rows = Array.from({ length: random.between(1, 4) }, () => {
      return `| ${random.pick(WORDS)} | ${random.between(0, 999)} |`;
    });
    return ["| name | count |", "| --- | ---: |", ...rows].join("\n");
  }
  if (roll < 0.975) {
    return random.pick(["## Update", "**Edit:**", "### What I have tried", "---", "***"]);
  }
  if (roll < 0.995) {
    return [
      "<!-- begin snippet: js hide: false console: true babel: false -->",
      "",
      "<!-- language: lang-js -->",
      "",
      ...codeLines(random).map((line) => `    ${line}`),
      "",
      "<!-- end snippet -->",
    ].join("\n");
  }
  return random.pick([
    "<script>\n  console.log('should never run');\n</script>",
    "<style>\n  .row { color: red; }\n</style>",
  ]);
}

function htmlBlock(random: Random): string {
  const roll = random.next();
  if (roll < 0.54) return `<p>${paragraph(random, "html")}</p>`;
  if (roll < 0.77) return `<pre><code>${escapeHtml(codeLines(random).join("\n"))}\n</code></pre>`;
  if (roll < 0.87) {
    const list = random.chance(0.35) ? "ol" : "ul";
    const items = Array.from({ length: random.between(2, 6) }, () => {
      return `<li>${sentence(random, "html")}</li>`;
    });
    return `<${list}>\n${items.join("\n")}\n</${list}>`;
  }
  if (roll < 0.93) {
    const error = escapeHtml(random.pick(ERRORS));
    return `<blockquote>\n  <p>${error}<br>\n  ${sentence(random, "html")}</p>\n</blockquote>`;
  }
  if (roll < 0.975) {
    return random.pick([
      "<h2>Update</h2>",
      "<hr />",
      "<p><strong>Edit:</strong></p>",
      "<p>Thanks&nbsp;in advance&hellip;</p>",
    ]);
  }
  return `<p><img src="https://i.example.org/${random.between(1, 99999)}.png" alt="screenshot"></p>`;
}

/** The longest body; the log-normal draw is cut here (the shared corpus does the same). */
const MAX_BODY = 10_000;

/**
 * A body whose length follows a log-normal law (median ~1 KB, 150 B to 10 KB): 70% Markdown,
 * 30% raw HTML. It always starts with prose, as real questions do.
 */
export function drawBody(random: Random): string {
  const target = Math.min(
    MAX_BODY - 500,
    Math.max(150, Math.round(Math.exp(Math.log(800) + 0.8 * random.gaussian()))),
  );
  const flavour: Flavour = random.chance(0.3) ? "html" : "markdown";
  const blocks = [
    flavour === "html" ? `<p>${paragraph(random, "html")}</p>` : paragraph(random, "markdown"),
  ];
  let length = (blocks[0] as string).length;
  while (length < target) {
    const block = flavour === "html" ? htmlBlock(random) : markdownBlock(random);
    if (length + block.length + 2 > MAX_BODY) break;
    blocks.push(block);
    length += block.length + 2;
  }
  return blocks.join("\n\n") + "\n";
}
