import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join, normalize } from "node:path";
import { ruleMatches } from "../../src/integrations/host-files.ts";
import { mediaTypeOf } from "../common/media-types.ts";

/** The rules of a `_headers` file: a path pattern (`*` at the end only) and its headers. */
function readHeadersFile(root: string): { pattern: string; headers: [string, string][] }[] {
  const path = join(root, "_headers");
  if (!existsSync(path)) return [];
  const rules: { pattern: string; headers: [string, string][] }[] = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.startsWith("/")) rules.push({ pattern: line.trim(), headers: [] });
    else if (/^\s+\S/.test(line) && !line.trim().startsWith("#")) {
      const [name = "", ...value] = line.trim().split(":");
      rules.at(-1)?.headers.push([name.trim(), value.join(":").trim()]);
    }
  }
  return rules;
}

/**
 * A static server for the audit that behaves like the CDN the site is made for: it sends the
 * `_headers` file's headers, the precompressed `.br`/`.gz` copies when the browser accepts them,
 * and `404.html` for a missing path. Listens on 127.0.0.1 only.
 */
export function serveStatic(root: string, port: number): Promise<Server> {
  const rules = readHeadersFile(root);
  const server = createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url ?? "/", "http://host").pathname);
    let file = normalize(join(root, urlPath));
    if (!file.startsWith(root)) file = root;
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    const found = existsSync(file) && statSync(file).isFile();
    if (!found) file = join(root, "404.html");
    response.statusCode = found ? 200 : 404;
    const type = mediaTypeOf(file);
    response.setHeader("Content-Type", type.startsWith("text/") ? `${type}; charset=utf-8` : type);
    for (const rule of found ? rules : []) {
      const matches = ruleMatches(rule.pattern, urlPath);
      for (const [name, value] of matches ? rule.headers : []) response.setHeader(name, value);
    }
    const accepted = String(request.headers["accept-encoding"] ?? "");
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (accepted.includes(encoding) && existsSync(file + suffix)) {
        response.setHeader("Content-Encoding", encoding);
        response.setHeader("Vary", "Accept-Encoding");
        file += suffix;
        break;
      }
    }
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
