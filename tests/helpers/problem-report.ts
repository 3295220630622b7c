/**
 * The files and fields a failed build reported, as `file: field` lines (`file` alone for a
 * problem with the whole file), in the order printed. Paths are made relative to `contentDir`
 * so expectations do not depend on where the fixture lies.
 */
export function reportedProblems(output: string, contentDir: string): string[] {
  const prefix = contentDir.replace(/\/?$/, "/");
  const found: string[] = [];
  let file: string | undefined;
  for (const line of output.split("\n")) {
    const item = /^ {2}- (?:([A-Za-z][\w.[\]]*): )?/.exec(line);
    if (item && file !== undefined) {
      found.push(item[1] === undefined ? file : `${file}: ${item[1]}`);
    } else if (line.startsWith(prefix)) {
      file = line.slice(prefix.length);
    } else if (!line.startsWith(" ")) {
      file = undefined;
    }
  }
  return found;
}
