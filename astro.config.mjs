// @ts-check
import { defineConfig } from "astro/config";

export default defineConfig({
  // The listing is one static page; nothing on it needs client-side JavaScript.
  output: "static",
  // Set QA_OUT_DIR to build somewhere else than dist/ (tests build fixtures side by side).
  outDir: process.env.QA_OUT_DIR ?? "./dist",
  build: {
    // Inline the small style sheet: the page then needs no other file, and reads the same
    // opened from disk (file://) as served, whatever folder it is copied to.
    inlineStylesheets: "always",
  },
});
