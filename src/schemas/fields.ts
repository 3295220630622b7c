import { z } from "zod";
import { oneLineTextProblem } from "../lib/one-line-text.ts";
import { ISO_FORMATS_HINT, parseIsoInstant } from "../lib/iso-instant.ts";

/**
 * Building blocks shared by the content schemas. Each error text is the reason and the fix,
 * written to follow the field's name: "title: is missing; add ...".
 */

/** An entry's id, its file name without `.md`: the same rule in every content folder. */
export const ENTRY_ID_PATTERN = /^[a-z0-9_-]+$/;

/**
 * An optional reference to a person of the content's `users/`: their file name without `.md`,
 * such as the dump's user id. That the file exists is a rule across files (src/core/users.ts).
 */
export function userReference(field: string) {
  return z
    .string({
      error: (issue) =>
        `must be the id of a user, but YAML read ${describeYamlValue(issue.input)}; ${typeof issue.input === "number" ? `put it in quotes: ${field}: "${String(issue.input)}"` : "write the name of their file in users/ without .md"}`,
    })
    .regex(ENTRY_ID_PATTERN, {
      error: (issue) =>
        `${JSON.stringify(issue.input)} cannot be a user id; ids are file names without .md, made of lower-case letters, digits, "-" and "_"`,
    })
    .optional();
}

/** What YAML made of a value, in the words a content author knows. */
export function describeYamlValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "an empty value";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `the text ${JSON.stringify(value)}`;
  if (typeof value === "number" || typeof value === "boolean") {
    return `the ${typeof value} ${String(value)}`;
  }
  return "a nested mapping";
}

/**
 * How to fix a value YAML did not read as text: an empty value needs writing, a number or
 * `true` needs quotes to stay as typed, a list or mapping needs to become text.
 */
export function asTextFix(value: unknown, what: string): string {
  if (value === null) return `write the ${what} after the colon`;
  if (typeof value === "object") return `write the ${what} as text`;
  return "put it in quotes so it stays text exactly as written";
}

/** Why a field an author wrote is not one the file has, naming the fields it does have. */
export function unknownFieldReason(fieldsOf: string, knownFields: readonly string[]): string {
  return `is not a field ${fieldsOf}; the fields are ${knownFields.join(", ")}. Check the spelling, or remove it`;
}

/** A strict object: a misspelt field is an error, never silently ignored. */
export function fieldsObject<Shape extends z.ZodRawShape>(fieldsOf: string, shape: Shape) {
  const reason = unknownFieldReason(fieldsOf, Object.keys(shape));
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => `${key}: ${reason}`).join("; ")
        : "must be a set of fields (key: value lines)",
  });
}

/** A required one-line plain-text field, such as a title or the community's name. */
export function oneLineText(field: string, example: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `is missing; add a line such as ${field}: ${example}`
          : `must be one line of text, but YAML read ${describeYamlValue(issue.input)}; ${asTextFix(issue.input, field)}`,
    })
    .superRefine((text, ctx) => {
      const problem = oneLineTextProblem(text);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** How to write a whole number of at least `minimum`: the fix for a value that is not one. */
export function wholeNumberFix(field: string, minimum: number, example: number): string {
  return `write a whole number of ${minimum} or more, such as ${field}: ${Math.max(minimum, example)}`;
}

/** An optional whole number with a lower bound and a default. */
export function wholeNumber(field: string, minimum: number, fallback: number) {
  return boundedWholeNumber(field, minimum, fallback).default(fallback);
}

/**
 * A whole number of at least `minimum`, without a default: absent stays undefined, for a count
 * the build can also work out itself. `example` is the value messages suggest.
 */
export function boundedWholeNumber(field: string, minimum: number, example: number) {
  return (
    z
      .number({
        error: (issue) =>
          `must be a whole number of at least ${minimum}, but YAML read ${describeYamlValue(issue.input)}; write it without quotes, such as ${field}: ${Math.max(minimum, example)}`,
      })
      // A refinement rather than .int(): zod's integer check aborts the whole object, which
      // would hide the other fields' problems from the same run.
      .refine(Number.isInteger, {
        error: (issue) =>
          `must be a whole number, not ${String(issue.input)}; ${wholeNumberFix(field, minimum, example)}`,
      })
      .min(minimum, {
        error: (issue) =>
          `must be at least ${minimum}, not ${String(issue.input)}; ${wholeNumberFix(field, minimum, example)}`,
      })
  );
}

/** A whole number that may be negative (a vote score), 0 when absent. */
export function score(field: string) {
  return z
    .number({
      error: (issue) =>
        `must be a whole number, but YAML read ${describeYamlValue(issue.input)}; write it without quotes, such as ${field}: 3 or ${field}: -1`,
    })
    .refine(Number.isInteger, {
      error: (issue) =>
        `must be a whole number, not ${String(issue.input)}; write it without a fraction, such as ${field}: 3 or ${field}: -1`,
    })
    .default(0);
}

/** An optional one-line plain-text field, such as an author's name or a licence. */
export function optionalLine(field: string, example: string) {
  return oneLineText(field, example).optional();
}

/** An optional web address (http or https only: nothing else may be linked from a page). */
export function webAddress(field: string, example: string) {
  return z
    .string({
      error: (issue) =>
        `must be a web address, but YAML read ${describeYamlValue(issue.input)}; write it as text, such as ${field}: ${example}`,
    })
    .superRefine((text, ctx) => {
      const problem = webAddressProblem(text);
      if (problem !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `${JSON.stringify(text)} ${problem}; write the whole address, such as ${field}: ${example}`,
        });
      }
    })
    .optional();
}

/**
 * An optional site's origin: `https://` or `http://` and a host, with nothing after it (a final
 * `/` aside), as the site's posts link to one another.
 */
export function siteOrigin(field: string, example: string) {
  return z
    .string({
      error: (issue) =>
        `must be a site's address, but YAML read ${describeYamlValue(issue.input)}; write it as text, such as ${field}: ${example}`,
    })
    .refine(isOrigin, {
      error: (issue) =>
        `${JSON.stringify(issue.input)} is not a site's address alone; write the scheme and host with nothing after them, such as ${field}: ${example}`,
    })
    .transform((text) => new URL(text).origin)
    .optional();
}

function isOrigin(text: string): boolean {
  const url = webUrl(text);
  return url?.origin === text.replace(/\/$/, "").toLowerCase() && url.username === "";
}

/**
 * Why `text` is not an address a page may link to, or undefined: an http or https address
 * whose host has no empty part and which holds no user name or password, as HTML requires of a
 * link (the Nu checker rejects `http://me@example.org`, which profiles hold for an email).
 */
function webAddressProblem(text: string): string | undefined {
  const url = webUrl(text);
  if (url === undefined) return "is not an http or https address";
  if (url.username !== "" || url.password !== "") {
    return "holds a user name or password before its host (an email address is not a web address)";
  }
  if (url.hostname.split(".").slice(0, -1).includes("")) return "has an empty part in its host";
  return undefined;
}

/** `text` parsed, when it is a whole http or https address with a host. */
function webUrl(text: string): URL | undefined {
  if (!/^https?:\/\/[^\s]+$/i.test(text)) return undefined;
  const url = URL.parse(text);
  return url !== null &&
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.hostname !== ""
    ? url
    : undefined;
}

/**
 * A required ISO 8601 date or date-time, parsed to a sort key (the UTC instant, see
 * `parseIsoInstant`); date-only is 00:00 UTC, no offset is UTC. `what` says what it dates.
 */
export function isoInstant(field: string, what: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `is missing; add ${what}, such as ${field}: "2024-03-05T14:22:10Z"`
          : `must be an ISO 8601 date or date-time, but YAML read ${describeYamlValue(issue.input)}; ${ISO_FORMATS_HINT}`,
    })
    .transform((text, ctx) => {
      const instant = parseIsoInstant(text);
      if (instant.ok) return instant.key;
      ctx.addIssue({ code: "custom", message: `${instant.reason}; ${ISO_FORMATS_HINT}` });
      return z.NEVER;
    });
}

/** An optional true or false, false when absent. */
export function flag(field: string) {
  return optionalFlag(field).default(false);
}

/** An optional true or false, left out when absent (an entry then carries nothing). */
export function optionalFlag(field: string) {
  return z
    .boolean({
      error: (issue) =>
        `must be true or false, but YAML read ${describeYamlValue(issue.input)}; write ${field}: true, or leave it out for false`,
    })
    .optional();
}
