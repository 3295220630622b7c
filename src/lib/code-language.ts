/*
 * The language of a post's code blocks, as Stack Exchange's own hints name it: a
 * `<!-- language: lang-x -->` comment right before a block, and `<!-- language-all: lang-x -->`
 * for every block of the post (both as its editor writes them, in Markdown and HTML bodies
 * alike); a block's own `class="lang-x"`, as the dumps write it on the `<pre>`, is read by the
 * sanitizer (src/lib/body-html.ts).
 */

/** A language hint's name: `lang-x` or `x`, as Stack Exchange's editor accepts both. */
const HINT = String.raw`(?:lang-)?([\w#+.-]+)`;
const BLOCK_HINT = new RegExp(String.raw`<!--\s*language:\s*${HINT}\s*-->(\s*)<pre(?=[\s>])`, "g");
const POST_HINT = new RegExp(String.raw`<!--\s*language-all:\s*${HINT}\s*-->`);

/**
 * `html` (a body as the sanitizer is about to read it) with each `<!-- language: x -->` hint
 * moved onto the `<pre>` it precedes as `class="lang-x"`, where the sanitizer keeps it, and the
 * post's `language-all`, if any. A hint the post writes is the post's to write: the sanitizer
 * still decides what a `<pre>` may carry.
 */
export function readLanguageHints(html: string): { html: string; postLanguage?: string } {
  if (!html.includes("<!--")) return { html };
  const postLanguage = POST_HINT.exec(html)?.[1];
  const hinted = html.replace(
    BLOCK_HINT,
    (_hint, language: string, space: string) => `${space}<pre class="lang-${language}"`,
  );
  return postLanguage === undefined ? { html: hinted } : { html: hinted, postLanguage };
}

/**
 * The language a question's tags say its code is in, as Stack Exchange chooses it for a block
 * with no hint: the first of its tags, in the author's order, that names one. `table` is the
 * community's own (`codeLanguages` in community.yaml) over the default below; `fallback` its
 * `codeLanguage`, for a question whose tags name none.
 */
export function languageOfTags(
  tags: readonly string[],
  table: Readonly<Record<string, string>> = {},
  fallback?: string,
): string | undefined {
  for (const tag of tags) {
    const language = Object.hasOwn(table, tag) ? table[tag] : TAG_LANGUAGES.get(tag);
    if (language !== undefined) return language;
  }
  return fallback;
}

/** Tags and the language their questions' code is in, and where they were taken from. */
export interface TagLanguageSource {
  /**
   * Where the tags come from: a Stack Exchange site, whose dump (../shared/data/stackexchange)
   * tests/import/tag-languages.test.ts reads to check that each tag is on questions that show
   * code, or Stack Overflow, whose tag for a language or tool is that language's own name.
   */
  site: string;
  languages: Readonly<Record<string, string>>;
}

/**
 * The default table, by the names code is coloured in (see src/lib/code-highlight.ts), site by
 * site. With cardano's rows, 672 of the 812 blocks its pages show get a language; with
 * quantumcomputing's, 113 of its 128 (scripts/bench.md, "Code highlighting"). None of either
 * site's blocks names its own language.
 */
export const TAG_LANGUAGE_SOURCES: readonly TagLanguageSource[] = [
  {
    site: "stackoverflow.com",
    languages: {
      ...{ javascript: "javascript", jquery: "javascript", "node.js": "javascript" },
      ...{ reactjs: "javascript", ajax: "javascript", typescript: "typescript" },
      ...{ angular: "typescript", python: "python", "python-3.x": "python", django: "python" },
      ...{ pandas: "python", numpy: "python", matplotlib: "python", "scikit-learn": "python" },
      ...{ tensorflow: "python", keras: "python", pytorch: "python", julia: "julia" },
      ...{ matlab: "matlab", octave: "matlab", latex: "latex", "wolfram-mathematica": "wolfram" },
      ...{ csharp: "csharp", "c-sharp": "csharp", "asp.net": "csharp", ".net": "csharp" },
      ...{ java: "java", android: "java", spring: "java", kotlin: "kotlin", scala: "scala" },
      ...{ php: "php", laravel: "php", css: "css", html: "xml", xml: "xml", sql: "sql" },
      ...{ "sql-server": "sql", mysql: "sql", postgresql: "sql", oracle: "sql", r: "r", c: "c" },
      ...{ c99: "c", cpp: "cpp", "c-plus-plus": "cpp", json: "json", swift: "swift" },
      ...{ "objective-c": "objectivec", ruby: "ruby", "ruby-on-rails": "ruby", "vb.net": "vbnet" },
      ...{ powershell: "powershell", perl: "perl", go: "go", rust: "rust", lua: "lua" },
      ...{ dart: "dart", flutter: "dart", yaml: "yaml", dockerfile: "dockerfile", toml: "toml" },
      ...{ ini: "ini", diff: "diff", bash: "bash", shell: "bash", linux: "bash", ubuntu: "bash" },
      ...{ docker: "bash", nginx: "nginx", apache: "apache", nix: "nix", nixos: "nix" },
      ...{ haskell: "haskell", fortran: "fortran" },
    },
  },
  {
    site: "cardano.stackexchange.com",
    languages: {
      ...{ plutus: "haskell", "plutus-pioneer-program": "haskell", plutustx: "haskell" },
      ...{ "plutus-playground": "haskell", "plutus-pab": "haskell", monad: "haskell" },
      ...{ cabal: "haskell", statemachines: "haskell", validator: "haskell" },
      ...{ "on-chain": "haskell", "cardano-cli": "bash", "cardano-node": "bash" },
      ...{ "stake-pool": "bash", spo: "bash", "cardano-db-sync": "bash" },
      ...{ "cardano-address": "bash", "nix-shell": "bash", "nami-wallet": "javascript" },
      ...{ "cardano-serialization-lib": "javascript" },
    },
  },
  {
    // Qiskit, Cirq, pyQuil (Rigetti's), QuTiP and D-Wave's SDK are Python libraries, and
    // Bristlecone's code is Cirq's; qasm2circ draws circuits in LaTeX; Q# is a language.
    site: "quantumcomputing.stackexchange.com",
    languages: {
      ...{ qiskit: "python", cirq: "python", qsharp: "qsharp", "d-wave": "python" },
      ...{ "ibm-q-experience": "python", rigetti: "python", qutip: "python" },
      ...{ bristlecone: "python", "quantum-programming": "python", qasm2circ: "latex" },
    },
  },
];

/** The default table: each tag is in one source only. */
export const TAG_LANGUAGES: ReadonlyMap<string, string> = new Map(
  TAG_LANGUAGE_SOURCES.flatMap(({ languages }) => Object.entries(languages)),
);
