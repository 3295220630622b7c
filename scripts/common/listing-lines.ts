import { Parser } from "htmlparser2";

/**
 * The lines of a built listing's `<main>`, read from the HTML without a browser: the heading,
 * then per question its title, tags and excerpt lines; a title's typeset formula reads as its
 * source, which its `<math alttext>` keeps, as the title was written. The Playwright tests check the same
 * text as Chromium's `innerText`; this lets build tests compare many fixtures quickly, and the
 * bench and the audit weigh that text without starting a browser.
 */
export function listingLines(html: string): string[] {
  const lines: string[] = [];
  const open: { name: string; isLine: boolean }[] = [];
  let inMain = false;
  let current: string | undefined;
  // Inside a typeset formula of a title: its text is its source, the `<math>`'s alttext.
  let mathDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "math" || mathDepth > 0) {
          if (mathDepth++ === 0 && current !== undefined) current += attributes["alttext"] ?? "";
          return;
        }
        if (name === "main") inMain = true;
        const classes = (attributes["class"] ?? "").split(/\s+/);
        const isLine =
          inMain &&
          (name === "h1" ||
            name === "h2" ||
            classes.includes("tags") ||
            classes.includes("excerpt"));
        open.push({ name, isLine });
        if (isLine) current = "";
      },
      ontext(text) {
        if (current !== undefined && mathDepth === 0) current += text;
      },
      onclosetag(name) {
        if (mathDepth > 0) {
          mathDepth--;
          return;
        }
        const element = open.pop();
        if (element?.isLine && current !== undefined) {
          lines.push(current);
          current = undefined;
        }
        if (name === "main") inMain = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return lines;
}
