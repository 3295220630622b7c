import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";

/*
 * One image of a post, fetched for the content folder's images/ as `npm run import --images`
 * asks: only from the hosts listed, never through a redirect to another, within a time and a
 * size, retried when the host says to wait; its bytes read as an image whatever the server calls
 * them, an SVG drawn (never kept as SVG), then made a WebP at most 1,280 px wide and named by its
 * digest. What was fetched once is kept in a cache folder by address, so a second import asks
 * nothing of a host for it.
 */

/** How images are fetched; every field but `hosts` and `cacheDir` has a default. */
export interface ImageFetchSettings {
  /** Hosts (with `:port` when not the scheme's) images may come from. */
  hosts: ReadonlySet<string>;
  /** Where fetched images are kept between imports (`--image-cache`). */
  cacheDir: string;
  /** How long one request may take, headers and body. */
  timeoutMs?: number;
  /** The most bytes an image may have as the host sends it. */
  maxBytes?: number;
  /** How many times a request is tried in all, when the host answers 429 or 5xx. */
  attempts?: number;
  /** The first wait before a retry, doubled each time; a Retry-After up to `maxWaitMs` wins. */
  backoffMs?: number;
  maxWaitMs?: number;
  /** The widest an image is kept; a wider one is scaled down. */
  maxWidth?: number;
}

/** An image as the content folder keeps it, or why it could not be had. */
export type FetchedImage =
  { file: string; width: number; height: number; fromCache: boolean } | { failure: string };

const DEFAULTS = {
  timeoutMs: 20_000,
  maxBytes: 10_000_000,
  attempts: 3,
  backoffMs: 1_000,
  maxWaitMs: 30_000,
  maxWidth: 1_280,
};

/** Redirects followed, each to a listed host. */
const MAX_REDIRECTS = 5;

/** The image at `address`, from the cache or its host; never throws for the host's sake. */
export async function fetchImage(
  address: string,
  settings: ImageFetchSettings,
): Promise<FetchedImage> {
  const options = { ...DEFAULTS, ...settings };
  const cached = cachedImage(address, options.cacheDir);
  if (cached !== undefined) return cached;
  const fetched = await download(address, options);
  if ("failure" in fetched) return fetched;
  let kept: { bytes: Buffer; width: number; height: number };
  try {
    kept = await asWebp(fetched.bytes, options.maxWidth);
  } catch (error) {
    return { failure: `is not an image that can be read (${(error as Error).message})` };
  }
  const file = `${createHash("sha256").update(kept.bytes).digest("hex").slice(0, 32)}.webp`;
  writeAtomically(join(options.cacheDir, "files", file), kept.bytes);
  const record = { file, width: kept.width, height: kept.height };
  writeAtomically(recordFile(address, options.cacheDir), Buffer.from(JSON.stringify(record)));
  return { ...record, fromCache: false };
}

/** Where the cache keeps what `address` came to. */
function recordFile(address: string, cacheDir: string): string {
  return join(cacheDir, "addresses", `${createHash("sha256").update(address).digest("hex")}.json`);
}

/** The cached image of `address`, when its record and its file are both there. */
function cachedImage(address: string, cacheDir: string): FetchedImage | undefined {
  try {
    const record = JSON.parse(readFileSync(recordFile(address, cacheDir), "utf8")) as {
      file: string;
      width: number;
      height: number;
    };
    return existsSync(join(cacheDir, "files", record.file))
      ? { ...record, fromCache: true }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Written beside, then renamed: an interrupted import leaves no half-written file. */
function writeAtomically(file: string, bytes: Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

/** Whether `url` may be asked for: http(s), on a listed host. */
function allowed(url: URL, hosts: ReadonlySet<string>): boolean {
  return (url.protocol === "http:" || url.protocol === "https:") && hosts.has(url.host);
}

/** `address` as a URL; a protocol-relative one (`//i.stack.imgur.com/a.png`) over https. */
function urlOf(address: string): URL | undefined {
  try {
    return new URL(address.startsWith("//") ? `https:${address}` : address);
  } catch {
    return undefined;
  }
}

/** Whether a post's image address is on one of `hosts`: one `fetchImage` would ask for. */
export function onImageHost(address: string, hosts: ReadonlySet<string>): boolean {
  const url = urlOf(address);
  return url !== undefined && allowed(url, hosts);
}

/** The body of `address`, following redirects to listed hosts, retried on 429 and 5xx. */
async function download(
  address: string,
  options: typeof DEFAULTS & ImageFetchSettings,
): Promise<{ bytes: Buffer } | { failure: string }> {
  let url = urlOf(address);
  if (url === undefined) return { failure: "is not an address" };
  for (let redirects = 0; ; redirects++) {
    if (!allowed(url, options.hosts)) {
      return {
        failure:
          redirects === 0
            ? `is on ${url.host}, which is not an image host (--image-hosts)`
            : `redirects to ${url.host}, which is not an image host (--image-hosts)`,
      };
    }
    const answer = await requestWithRetries(url, options);
    if ("failure" in answer) return answer;
    if ("location" in answer) {
      if (redirects === MAX_REDIRECTS)
        return { failure: `redirects more than ${MAX_REDIRECTS} times` };
      url = new URL(answer.location, url);
      continue;
    }
    return answer;
  }
}

type Answer = { bytes: Buffer } | { location: string } | { failure: string };

async function requestWithRetries(
  url: URL,
  options: typeof DEFAULTS & ImageFetchSettings,
): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await request(url, options);
    if (!("retryAfterMs" in answer)) return answer;
    if (attempt >= options.attempts) return { failure: answer.failure };
    const backoff = options.backoffMs * 2 ** (attempt - 1);
    await delay(Math.min(options.maxWaitMs, answer.retryAfterMs ?? backoff));
  }
}

/** One request: the body within the time and size, a redirect, or what went wrong. */
async function request(
  url: URL,
  options: typeof DEFAULTS & ImageFetchSettings,
): Promise<Answer | { failure: string; retryAfterMs: number | undefined }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(url, { redirect: "manual", signal });
    const { status } = response;
    if (status >= 300 && status < 400) {
      await response.body?.cancel();
      const location = response.headers.get("location");
      return location === null ? { failure: `answered ${status} with no Location` } : { location };
    }
    if (status === 429 || status >= 500) {
      await response.body?.cancel();
      return { failure: `answered ${status}`, retryAfterMs: retryAfter(response.headers) };
    }
    if (status !== 200) {
      await response.body?.cancel();
      return { failure: `answered ${status}` };
    }
    const length = Number(response.headers.get("content-length") ?? "0");
    if (length > options.maxBytes) {
      await response.body?.cancel();
      return { failure: `is ${length} bytes, over the cap of ${options.maxBytes}` };
    }
    return await readCapped(response, options.maxBytes);
  } catch (error) {
    if (signal.aborted) return { failure: `took more than ${options.timeoutMs / 1000} s` };
    // Not retried: offline, a name that does not resolve or a refused connection stays so.
    return { failure: `could not be fetched (${errorCause(error)})` };
  }
}

/** What fetch() failed on: its cause's code (ENOTFOUND, ECONNREFUSED...) when it has one. */
function errorCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** The response's body, or a failure once it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Answer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body ?? []) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      await response.body?.cancel().catch(() => {});
      return { failure: `is over the cap of ${maxBytes} bytes` };
    }
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks) };
}

/** A Retry-After in seconds or as a date, in ms; undefined when absent or unreadable. */
function retryAfter(headers: Headers): number | undefined {
  const value = headers.get("retry-after");
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Image formats kept, as sharp names them; an SVG is drawn first (`drawSvg`). */
const RASTER_FORMATS = new Set(["png", "jpeg", "gif", "webp", "avif", "heif"]);

/**
 * `bytes` as a WebP no wider than `maxWidth`, with its size: read by what they hold, not by
 * what the server said. An SVG is drawn by resvg, which loads nothing it names and runs no
 * script, and kept as pixels.
 */
async function asWebp(
  bytes: Buffer,
  maxWidth: number,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const { format } = await sharp(bytes).metadata();
  let raster = bytes;
  if (format === "svg") raster = drawSvg(bytes, maxWidth);
  else if (!RASTER_FORMATS.has(format)) throw new Error(`it holds ${format}`);
  const { data, info } = await sharp(raster, { animated: true })
    .rotate()
    .resize({ width: maxWidth, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
}

/** An SVG drawn as a PNG at its own width, or `maxWidth` when wider (drawn again to fit). */
function drawSvg(svg: Buffer, maxWidth: number): Buffer {
  const font = { loadSystemFonts: true };
  const drawn = new Resvg(svg, { font });
  if (drawn.width <= maxWidth) return drawn.render().asPng();
  return new Resvg(svg, { fitTo: { mode: "width", value: maxWidth }, font }).render().asPng();
}
