// @ts-check
import { defineConfig } from "eslint/config";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import astro from "eslint-plugin-astro";

export default defineConfig(
  {
    // Content folders and build outputs at the top, such as the README's content-beer/ and
    // dist-beer/: the authors' text and generated scripts, not the project's code.
    ignores: [
      "content*/",
      "dist*/",
      ".astro/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "tests/.output/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.strict,
  astro.configs.recommended,
  {
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly" },
    },
  },
  {
    // A function fits on a screen (STYLE.md, habit 14).
    files: ["src/**/*.{ts,mjs,astro}", "scripts/**/*.ts"],
    rules: {
      "max-lines-per-function": [
        "error",
        { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
);
