import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  buildSearchIndex,
  type SearchDocument,
  type SearchFile,
} from "../../src/core/search-index.ts";
import {
  MANIFEST_FILE,
  REGISTRY,
  type PostText,
  type SearchManifest,
} from "../../src/lib/search/index-format.ts";
import {
  decodePostings,
  encodePostings,
  postingsAfter,
  IN_BODY,
  IN_TAGS,
  IN_TITLE,
} from "../../src/lib/search/postings.ts";
import { rankQuestions } from "../../src/lib/search/rank.ts";
import { indexWords, parseQuery, searchWords } from "../../src/lib/search/words.ts";
import { chunksHolding, createSearcher } from "../../src/search/searcher.ts";
import { editDistance, nearestWord } from "../../src/lib/search/nearest-word.ts";
import { snippetOf } from "../../src/lib/search/snippet.ts";
import { assembleContent } from "../../src/core/content.ts";
import { addReading, folderFiles, folderNames, type FolderReader } from "../../src/core/folder.ts";
import { questionFiles } from "../../src/core/question-file.ts";
import { answerFiles } from "../../src/core/answer-file.ts";

describe("search words", () => {
  it("folds case, accents and compatibility forms", () => {
    assert.deepEqual(searchWords("Café DÉJÀ vu, Ångström, ﬁle, Ｆｕｌｌ, Straße"), [
      "cafe",
      "deja",
      "vu",
      "angstrom",
      "file",
      "full",
      "strasse",
    ]);
  });

  it("cuts code at punctuation, keeping names such as c++, c# and c99 whole", () => {
    assert.deepEqual(searchWords("std::vector<int> in C++ and C#, not c99"), [
      "std",
      "vector",
      "int",
      "in",
      "c++",
      "and",
      "c#",
      "not",
      "c99",
    ]);
    assert.deepEqual(searchWords(".net asp.net-core my_var"), [
      "net",
      "asp",
      "net",
      "core",
      "my_var",
    ]);
  });

  it("drops an apostrophe inside a word, typed or curly", () => {
    assert.deepEqual(searchWords("don't O\u2019Brien 'quoted'"), ["dont", "obrien", "quoted"]);
  });

  it("reads a possessive as its word, with any apostrophe: Grover's, grover\u2019s, Bayes'", () => {
    for (const text of ["Grover's", "grover\u2019s", "GROVER\u02BCS"]) {
      assert.deepEqual(searchWords(text), ["grover"], text);
      assert.deepEqual(parseQuery(`${text} `).words, ["grover"], text);
    }
    // After an s, only the apostrophe goes: a name that ends in s keeps it.
    for (const text of ["Bayes'", "Bayes's", "bayes\u2019", "Bayes"]) {
      assert.deepEqual(searchWords(text), ["bayes"], text);
    }
    assert.deepEqual(searchWords("the users' files"), ["the", "users", "files"]);
    assert.deepEqual(searchWords("Shor's and Grover's algorithms"), [
      "shor",
      "and",
      "grover",
      "algorithms",
    ]);
  });

  it("indexes each word once, without stop words or overlong runs", () => {
    assert.deepEqual(indexWords(`How to fix the fix in the ${"x".repeat(41)} ${"y".repeat(40)}`), [
      "fix",
      "y".repeat(40),
    ]);
  });
});

describe("a query as typed", () => {
  it("reads every word as the words it begins, wherever it stands", () => {
    assert.deepEqual(parseQuery("git reb"), { words: ["git", "reb"] });
    assert.deepEqual(parseQuery("reb git"), { words: ["reb", "git"] });
    assert.deepEqual(parseQuery("Git REBASE "), { words: ["git", "rebase"] });
    assert.deepEqual(parseQuery("git rebase."), { words: ["git", "rebase"] });
  });

  it("drops stop words, but not the last one still being typed (the may become theme)", () => {
    assert.deepEqual(parseQuery("how to use the"), { words: ["use", "the"] });
    assert.deepEqual(parseQuery("how to use the "), { words: ["use"] });
    assert.deepEqual(parseQuery("the a "), { words: [] });
  });

  it("takes a one-letter word as that word, not as a prefix of half the index", () => {
    assert.deepEqual(parseQuery("language c"), { words: ["language", "c"] });
    assert.deepEqual(parseQuery("c language"), { words: ["c", "language"] });
    assert.deepEqual(parseQuery("a"), { words: [] });
  });

  it("drops a word that another word of the query begins, and repeated words", () => {
    assert.deepEqual(parseQuery("git git gi"), { words: ["git"] });
    assert.deepEqual(parseQuery("gi git"), { words: ["git"] });
    assert.deepEqual(parseQuery("c c++ "), { words: ["c", "c++"] });
  });

  it("cuts code and tags as the index does: std::vector, .net, c99", () => {
    assert.deepEqual(parseQuery("std::vector "), { words: ["std", "vector"] });
    assert.deepEqual(parseQuery(".net"), { words: ["net"] });
    assert.deepEqual(parseQuery("c99 "), { words: ["c99"] });
  });
});

describe("postings", () => {
  it("read back what was written, with big gaps and every field combination", () => {
    const questions = [0, 1, 2, 40, 1_000, 1_001, 99_999, 1_000_000, 5_000_000];
    const fields = [1, 2, 3, 4, 5, 6, 7, 1, 4];
    const encoded = encodePostings(
      questions.map((question, index) => question * 8 + (fields[index] as number)),
    );
    assert.match(encoded, /^[0-9a-zA-Z_-]+$/);
    const decoded = decodePostings(encoded);
    assert.deepEqual([...decoded.questions], questions);
    assert.deepEqual([...decoded.fields], fields);
  });

  it("take one character per question for a word in nearly every question", () => {
    const questions = Array.from({ length: 1000 }, (_, index) => index);
    assert.equal(encodePostings(questions.map((question) => question * 8 + IN_BODY)).length, 1000);
  });

  it("refuse a question that does not come after the last one, rather than write a wrong gap", () => {
    assert.throws(
      () => encodePostings([3 * 8 + IN_BODY, 3 * 8 + IN_TITLE]),
      /must ascend: question 3 after 3/,
    );
    assert.throws(() => encodePostings([5 * 8 + IN_BODY, 2 * 8 + IN_BODY]), /question 2 after 5/);
  });

  it("refuse a character they never write", () => {
    assert.throws(() => decodePostings("12!"), /Not a postings digit: "!"/);
  });

  it("written a run at a time and joined, are what one writer of them all writes", () => {
    const all = [
      3 * 8 + IN_BODY,
      40 * 8 + IN_TITLE,
      41 * 8 + 7,
      70_000 * 8 + IN_TAGS,
      70_001 * 8 + 5,
    ];
    for (const cut of [1, 2, 3, 4]) {
      // The later run as it is written on its own: its first gap from -1.
      const later = encodePostings(all.slice(cut));
      const last = Math.floor((all[cut - 1] as number) / 8);
      assert.equal(
        encodePostings(all.slice(0, cut)) + postingsAfter(later, last),
        encodePostings(all),
        `cut after ${cut}`,
      );
    }
    assert.equal(
      postingsAfter(encodePostings([5 * 8 + IN_BODY]), -1),
      encodePostings([5 * 8 + IN_BODY]),
    );
    assert.throws(() => postingsAfter(encodePostings([5 * 8 + IN_BODY]), 5), /question 5 after 5/);
  });
});

describe("ranking", () => {
  const postings = (entries: [number, number][]) => ({
    questions: Uint32Array.from(entries.map(([question]) => question)),
    fields: Uint8Array.from(entries.map(([, fields]) => fields)),
  });

  it("keeps questions holding every term: titles first, then tags, then listing order", () => {
    const vector = postings([
      [0, IN_BODY],
      [1, IN_TITLE],
      [2, IN_TAGS],
      [3, IN_TITLE | IN_BODY],
      [5, IN_BODY],
    ]);
    const erase = postings([
      [0, IN_BODY],
      [1, IN_BODY],
      [2, IN_BODY],
      [3, IN_TITLE],
      [4, IN_TITLE],
    ]);
    assert.deepEqual(
      rankQuestions(
        [
          { exact: vector, longer: [] },
          { exact: erase, longer: [] },
        ],
        6,
      ),
      [3, 1, 2, 0],
    );
  });

  it("takes a prefix's words as one term: any of them will do", () => {
    const install = postings([[0, IN_BODY]]);
    const installer = postings([[1, IN_TITLE]]);
    assert.deepEqual(rankQuestions([{ exact: install, longer: [installer] }], 3), [1, 0]);
    assert.deepEqual(rankQuestions([{ longer: [install, installer] }], 3), [1, 0]);
  });

  it("finds nothing for no terms", () => {
    assert.deepEqual(rankQuestions([], 3), []);
  });
});

/** The built index as the browser would see it: each file's data, read back from its script. */
function inMemorySource(files: readonly SearchFile[]) {
  const data = new Map<string, unknown>();
  const registry = {
    manifest: (manifest: unknown) => data.set(MANIFEST_FILE, manifest),
    chunk: (name: string, chunk: unknown) => data.set(`${name}.js`, chunk),
  };
  for (const { text } of files) new Function(REGISTRY, text)(registry);
  const loaded: string[] = [];
  const read = (file: string) => {
    loaded.push(file);
    if (!data.has(file)) return Promise.reject(new Error(`no ${file}`));
    return Promise.resolve(data.get(file));
  };
  return {
    loaded,
    source: {
      manifest: () => read(MANIFEST_FILE) as Promise<SearchManifest>,
      chunk: (name: string) => read(`${name}.js`),
    },
  };
}

const documents: SearchDocument[] = [
  {
    id: "vector-erase",
    title: "Erasing from a std::vector while iterating",
    titleLine: "Erasing from a std::vector while iterating",
    tags: ["c++", "stl"],
    bodyWords: spaced("My loop calls erase() and crashes. Using C99 elsewhere."),
    answerWords: "",
  },
  {
    id: "dotnet-config",
    title: "Where does .NET read its configuration?",
    titleLine: "Where does .NET read its configuration? [closed]",
    tags: [".net", "configuration"],
    bodyWords: spaced("The app ignores appsettings.json in production."),
    answerWords: "",
  },
  {
    id: "cafe-wifi",
    title: "Café Wi-Fi blocks my VPN",
    titleLine: "Café Wi-Fi blocks my VPN",
    tags: ["vpn", "wireguard"],
    bodyWords: spaced("The handshake never completes on port 51820; std library unrelated."),
    answerWords: "",
  },
  {
    id: "vector-install",
    title: "Installing a vector graphics editor",
    titleLine: "Installing a vector graphics editor [duplicate]",
    tags: ["inkscape"],
    bodyWords: spaced("Which installer should I use? It mentions c99 too."),
    answerWords: "",
  },
];

/** Questions tagged quantum, each an id, a title and a body, as the index takes them. */
function quantumDocuments(rows: [id: string, title: string, body: string][]): SearchDocument[] {
  return rows.map(([id, title, body]) => ({
    id,
    title,
    titleLine: title,
    tags: ["quantum"],
    bodyWords: spaced(body),
    answerWords: "",
  }));
}

/** Words as a question's entry holds them: space-separated. */
function spaced(text: string): string {
  return indexWords(text).join(" ");
}

describe("searching a built index", () => {
  // Small chunks, so that words and prefixes span several of them.
  const sizes = { wordChunkCharacters: 40, questionsPerChunk: 2, questionsPerTextChunk: 2 };
  const search = async (query: string) => {
    const { source } = inMemorySource(buildSearchIndex(documents, { sizes }));
    const searcher = createSearcher(source);
    const found = await searcher.find(query);
    return (await searcher.records(found.questions)).map(([id]) => id);
  };

  it("finds a word in a title, in a body only, and in a tag only", async () => {
    assert.deepEqual(await search("configuration "), ["dotnet-config"]);
    assert.deepEqual(await search("handshake "), ["cafe-wifi"]);
    assert.deepEqual(await search("inkscape "), ["vector-install"]);
  });

  it("ranks title matches first, then by listing order", async () => {
    assert.deepEqual(await search("vector "), ["vector-erase", "vector-install"]);
    assert.deepEqual(await search("std "), ["vector-erase", "cafe-wifi"]);
  });

  it("matches accents folded, code cut as typed, and tags such as c++, c99 and .net", async () => {
    assert.deepEqual(await search("cafe"), ["cafe-wifi"]);
    assert.deepEqual(await search("CAFÉ wi-fi "), ["cafe-wifi"]);
    assert.deepEqual(await search("std::vector "), ["vector-erase"]);
    assert.deepEqual(await search("c++ "), ["vector-erase"]);
    assert.deepEqual(await search("C99 "), ["vector-erase", "vector-install"]);
    assert.deepEqual(await search(".net "), ["dotnet-config"]);
  });

  it("reads the last word as a prefix across chunks, and needs every word", async () => {
    assert.deepEqual(await search("instal"), ["vector-install"]);
    assert.deepEqual(await search("vector gra"), ["vector-install"]);
    assert.deepEqual(await search("vector handshake "), []);
  });

  it("finds the same questions whatever the order of the words", async () => {
    const grover = quantumDocuments([
      ["grover-oracle", "Grover's algorithm with a phase oracle", ""],
      ["oracles", "Oracles in Grover search", ""],
      ["building", "Building an oracle", "Like Grover\u2019s, it marks one state."],
      ["both", "Grover search without an oracle?", ""],
      ["database", "Oracle database on a quantum computer", "No search here."],
    ]);
    const { source } = inMemorySource(buildSearchIndex(grover, { sizes }));
    const searcher = createSearcher(source);
    const ids = async (query: string) => {
      const found = await searcher.find(query);
      return (await searcher.records(found.questions)).map(([id]) => id);
    };
    // "oracles" has "oracle" only as the start of a longer word in its title.
    const expected = ["grover-oracle", "both", "oracles", "building"];
    for (const query of ["grover oracle", "oracle grover", "grover oracle ", "oracle grover "]) {
      assert.deepEqual(await ids(query), expected, query);
    }
    assert.deepEqual(await ids("Grover\u2019s oracle"), expected);
    // A plural finds its singular too, as a possessive typed without its apostrophe would.
    assert.deepEqual(await ids("grover's oracles"), [
      "oracles",
      ...expected.slice(0, 2),
      "building",
    ]);
  });

  it("puts a question that holds a word as typed before one that holds a longer word only", async () => {
    const languages: SearchDocument[] = [
      ["scripting", "Closures in a loop", "javascript"],
      ["threads", "Threads that never end", "java"],
      ["beans", "Beans and containers", "java javascript"],
    ].map(([id, title, tag]) => ({
      id: id as string,
      title: title as string,
      titleLine: title as string,
      tags: (tag as string).split(" "),
      bodyWords: "",
      answerWords: "",
    }));
    const { source } = inMemorySource(buildSearchIndex(languages, { sizes }));
    const searcher = createSearcher(source);
    const ids = async (query: string) => {
      const found = await searcher.find(query);
      return (await searcher.records(found.questions)).map(([id]) => id);
    };
    assert.deepEqual(await ids("java"), ["threads", "beans", "scripting"]);
    assert.deepEqual(await ids("jav"), ["scripting", "threads", "beans"]);
  });

  it("ignores stop words, and finds nothing for stop words alone", async () => {
    assert.deepEqual(await search("where does the configuration "), ["dotnet-config"]);
    assert.deepEqual(await search("the of "), []);
  });

  it("loads only the chunks a query needs", async () => {
    const { source, loaded } = inMemorySource(buildSearchIndex(documents, { sizes }));
    const searcher = createSearcher(source);
    const found = await searcher.find("inkscape ");
    await searcher.records(found.questions);
    assert.equal(loaded[0], MANIFEST_FILE);
    assert.equal(loaded.filter((file) => file.startsWith("w-")).length, 1);
    assert.equal(loaded.filter((file) => file.startsWith("q-")).length, 1);
    // A second query for a word in the same chunk loads nothing more.
    const before = loaded.length;
    await searcher.find("inkscape");
    assert.equal(loaded.length, before);
  });
});

describe("the index files", () => {
  it("are the same bytes for the same questions, and chunks are named by their content", () => {
    const first = buildSearchIndex(documents);
    assert.deepEqual(buildSearchIndex(documents), first);
    for (const { file, text } of first) {
      if (file === MANIFEST_FILE) continue;
      assert.match(file, /^[wq]-[0-9a-f]{12}\.js$/);
      assert.ok(text.startsWith(`${REGISTRY}.chunk("${file.slice(0, -3)}",`));
    }
  });

  it("are the same bytes however the postings are split into runs", () => {
    const whole = buildSearchIndex(documents);
    for (const postingsPerRun of [1, 2, 7, 30]) {
      assert.deepEqual(buildSearchIndex(documents, { postingsPerRun }), whole, `${postingsPerRun}`);
    }
  });

  it("hold every question in listing order, with its title line and tags", () => {
    const files = buildSearchIndex(documents, {
      sizes: { wordChunkCharacters: 1000, questionsPerChunk: 3, questionsPerTextChunk: 1 },
    });
    const questionChunks = files.filter(({ file }) => file.startsWith("q-"));
    assert.equal(questionChunks.length, 2);
    assert.match(
      questionChunks[0]?.text ?? "",
      /\["dotnet-config","Where does \.NET read its configuration\? \[closed\]",\["\.net","configuration"\]\]/,
    );
  });

  it("name the chunk a word or prefix falls in", () => {
    const chunks: [string, string][] = [
      ["a", "w-1"],
      ["inst", "w-2"],
      ["install", "w-3"],
      ["installs", "w-4"],
      ["k", "w-5"],
    ];
    assert.deepEqual(chunksHolding(chunks, "b", false), ["w-1"]);
    assert.deepEqual(chunksHolding(chunks, "installer", false), ["w-3"]);
    assert.deepEqual(chunksHolding(chunks, "inst", true), ["w-2", "w-3", "w-4"]);
    assert.deepEqual(chunksHolding(chunks, "0", true), []);
  });
});

describe("answers", () => {
  const searchOf = (files: readonly SearchFile[]) => {
    const searcher = createSearcher(inMemorySource(files).source);
    return async (query: string) => {
      const found = await searcher.find(query);
      return (await searcher.records(found.questions)).map(([id]) => id);
    };
  };

  it("find their question, below questions whose own title, tags or body hold the words", async () => {
    const question = (id: string, title: string, body: string, answers: string[]) => ({
      id,
      title,
      titleLine: title,
      tags: ["circuits"],
      bodyWords: spaced(body),
      answerWords: answers.map(spaced).join(" "),
    });
    // Newest first: the question found by its answers alone comes first in the listing.
    const search = searchOf(
      buildSearchIndex(
        [
          question("answered", "Phase estimation", "How precise is it?", [
            "Add an ancilla qubit.",
            "An ancilla register, as in Kitaev's method.",
          ]),
          question("in-body", "Measuring a register", "Can an ancilla help?", ["An ancilla."]),
          question("in-title", "Resetting an ancilla", "Mid-circuit.", []),
          question("phase-body", "Kickback", "Phase kickback onto an ancilla.", ["Phase."]),
          question("unrelated", "Noise", "Decoherence.", ["Nothing here."]),
        ],
        { sizes: { wordChunkCharacters: 40, questionsPerChunk: 2, questionsPerTextChunk: 2 } },
      ),
    );
    assert.deepEqual(await search("ancilla "), ["in-title", "in-body", "phase-body", "answered"]);
    assert.deepEqual(await search("kitaev"), ["answered"]);
    // Its title holds "phase", but only an answer "ancilla": the question whose body holds
    // both comes first.
    assert.deepEqual(await search("phase ancilla "), ["phase-body", "answered"]);
  });

  it("are searched by the words their page shows, read with the answer files", async () => {
    const read = <Entry>(
      reader: FolderReader<Entry, typeof settings>,
      texts: Record<string, string>,
    ) => {
      const names = folderNames(
        Object.keys(texts).map((name) => ({ name, isFile: true })),
        reader,
        { folder: reader.folder, file: (name) => `${reader.folder}/${name}` },
      );
      const files = folderFiles<Entry>(names);
      for (const named of names.files) {
        addReading(files, named, reader.read(texts[named.name] ?? "", named.id, settings));
      }
      return files;
    };
    const settings = { excerptLength: 200, bodyFormat: "markdown", math: "off" } as const;
    const community = { name: "Search", answerOrder: "accepted-first" as const, ...settings };
    const questionText = (title: string) =>
      `---\ntitle: ${title}\ntags: [t]\nasked: "2024-01-01"\n---\nA question.\n`;
    const answerText = (question: string, body: string) =>
      `---\nquestion: ${question}\nanswered: "2024-05-01T10:00:00Z"\n---\n${body}\n`;
    const assembled = assembleContent(
      { community, problems: [] },
      read(questionFiles, {
        "grover.md": questionText("Grover search"),
        "shor.md": questionText("Shor"),
      }),
      read(answerFiles, {
        "a1.md": answerText(
          "grover",
          "See [amplitude amplification](https://example.com/zzlinkword).",
        ),
        "a2.md": answerText("shor", "<script>zzscriptword()</script>Period finding."),
      }),
    );
    assert.ok("content" in assembled);
    const search = searchOf(assembled.content.searchIndex);
    assert.deepEqual(await search("amplification "), ["grover"]);
    assert.deepEqual(await search("period finding "), ["shor"]);
    // Not what the page does not show: a link's address, a script the sanitizer dropped.
    assert.deepEqual(await search("zzlinkword "), []);
    assert.deepEqual(await search("zzscriptword "), []);
  });
});

describe("a query that finds little", () => {
  const sizes = { wordChunkCharacters: 40, questionsPerChunk: 2, questionsPerTextChunk: 2 };
  const shor = quantumDocuments([
    ["factoring", "Shor's algorithm on 15", "The period of 7 mod 15."],
    ["entangled", "Is this state entangled?", "Measuring the entanglement of two qubits."],
    ["shores", "Qubits on distant shores", "Entanglement across a network."],
    ["classes", "Complexity classes", "BQP and the class of entanglement problems."],
  ]);
  const searcher = () => createSearcher(inMemorySource(buildSearchIndex(shor, { sizes })).source);
  const ids = async (query: string) => {
    const found = await searcher().find(query);
    return (await searcher().records(found.questions)).map(([id]) => id);
  };

  it("reads a trailing s as the possessive typed without its apostrophe", async () => {
    assert.deepEqual(await ids("shor's algorithm"), ["factoring"]);
    assert.deepEqual(await ids("shors algorithm"), ["factoring"]);
    // As "shor's" reads: "shor" and the words it begins.
    assert.deepEqual(await ids("shors "), await ids("shor's "));
    assert.deepEqual(await ids("shors "), ["factoring", "shores"]);
    // A word ending in ss is no possessive: "class" stays as typed.
    assert.deepEqual(await ids("class "), ["classes"]);
  });

  it("offers the nearest word the index holds when a word is in no question", async () => {
    const found = await searcher().find("entanglment");
    assert.deepEqual(found.questions, []);
    assert.deepEqual(found.suggestion, ["entanglement"]);
    const two = await searcher().find("qbits entanglment ");
    assert.deepEqual(two.suggestion, ["qubits", "entanglement"]);
    // Words each found, but in no one question: nothing to correct.
    const apart = await searcher().find("period network ");
    assert.deepEqual(apart.questions, []);
    assert.equal(apart.suggestion, undefined);
    // Nothing near enough: no suggestion.
    assert.equal((await searcher().find("zzyzx ")).suggestion, undefined);
  });
});

describe("edit distance", () => {
  it("counts insertions, deletions, changes and swaps, up to a bound", () => {
    assert.equal(editDistance("entanglment", "entanglement", 2), 1);
    assert.equal(editDistance("qbuit", "qubit", 2), 1);
    assert.equal(editDistance("kitten", "sitting", 2), 3);
    assert.equal(editDistance("kitten", "sitting", 5), 3);
    assert.equal(
      nearestWord("qbit", [
        ["qubit", () => 3],
        ["quit", () => 9],
      ]),
      "quit",
    );
  });
});

describe("a result's snippet", () => {
  const posts: PostText[] = [
    ["", "Which glass suits a lager? My Stella came in a curved one."],
    ["798", "Spiegelau, a German maker, sells a glass for IPA; the Spiegelau one is tall."],
    ["799", "Any tulip glass will do for a lager."],
  ];
  const text = (snippet: ReturnType<typeof snippetOf>) =>
    snippet?.pieces.map(({ text, matched }) => (matched ? `[${text}]` : text)).join("");

  it("comes from the answer that holds the words, each marked, when the question does not", () => {
    const snippet = snippetOf(posts, ["spiegelau"]);
    assert.equal(snippet?.postId, "798");
    assert.equal(
      text(snippet),
      "[Spiegelau], a German maker, sells a glass for IPA; the [Spiegelau] one is tall.",
    );
  });

  it("comes from the question among posts that hold as many words, prefixes matching", () => {
    assert.equal(snippetOf(posts, ["lag", "glass"])?.postId, "");
    assert.equal(text(snippetOf(posts, ["tulip"])), "Any [tulip] glass will do for a lager.");
  });

  it("is the question's start when no post holds a word, and cut between words around one", () => {
    assert.equal(snippetOf(posts, ["ipas"])?.postId, "798");
    assert.equal(snippetOf(posts, ["xylophone"])?.postId, "");
    const long = ["", `${"word ".repeat(60)}needle ${"word ".repeat(60)}`] as PostText;
    const cut = text(snippetOf([long], ["needle"])) ?? "";
    assert.match(cut, /^…(word )+\[needle\]( word)+…$/);
    assert.ok(cut.length < 200, cut);
  });
});

describe("a result's snippet, where it starts", () => {
  it("shows the stretch holding the most of the query's words, not only the first match", () => {
    const text = `WireGuard runs. ${"Filler words here. ".repeat(20)}Set AllowedIPs to the LAN and WireGuard routes it.`;
    const snippet = snippetOf([["", text]], ["wireguard", "allowed"]);
    const marked = snippet?.pieces.filter(({ matched }) => matched).map(({ text }) => text);
    assert.deepEqual(marked, ["AllowedIPs", "WireGuard"]);
  });
});
