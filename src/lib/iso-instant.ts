/**
 * Parses the `asked` field: an ISO 8601 calendar date or date-time (extended format).
 *
 * Date-only means 00:00 UTC, a date-time without an offset is UTC, offsets are applied.
 * The result is a sort key: the UTC instant as `YYYY-MM-DDTHH:MM:SS.fffffffffZ`, whose plain
 * string order is time order. A key keeps sub-millisecond digits that a `Date` would round away,
 * so two questions a microsecond apart still order by time, not by id.
 */
export type IsoInstantResult = { ok: true; key: string } | { ok: false; reason: string };

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;

export const ISO_FORMATS_HINT =
  'write it as "2024-03-05", "2024-03-05T14:22:10Z" or "2024-03-05T16:22:10+02:00"';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const isLeapYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && isLeapYear ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

export function parseIsoInstant(text: string): IsoInstantResult {
  const match = ISO_PATTERN.exec(text);
  if (!match) {
    return { ok: false, reason: `"${text}" is not an ISO 8601 date or date-time` };
  }
  const [, y, mo, d, h = "00", mi = "00", s = "00", fraction = "", , sign, offH, offM] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12) return impossible(text, `there is no month ${mo}`);
  if (day < 1 || day > daysInMonth(year, month)) {
    return impossible(text, `${y}-${mo} has no day ${d}`);
  }
  if (hour > 23) return impossible(text, `there is no hour ${h}`);
  if (minute > 59) return impossible(text, `there is no minute ${mi}`);
  if (second > 59) return impossible(text, `there is no second ${s}`);
  if (sign === undefined) {
    // UTC already (Z, or no offset): the key is the text's own fields, with no Date to build.
    return { ok: true, key: `${y}-${mo}-${d}T${h}:${mi}:${s}.${fraction.padEnd(9, "0")}Z` };
  }
  const hours = Number(offH);
  const minutes = Number(offM ?? "0");
  if (hours > 23 || minutes > 59)
    return impossible(text, `the offset ${sign}${offH}:${offM ?? "00"} is out of range`);
  const offsetMinutes = (sign === "-" ? -1 : 1) * (hours * 60 + minutes);
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, 0);
  const utc = new Date(local.getTime() - offsetMinutes * 60_000);
  const utcYear = utc.getUTCFullYear();
  if (utcYear < 0 || utcYear > 9999)
    return impossible(text, "it falls outside the years 0000-9999 in UTC");
  const key = `${utc.toISOString().slice(0, 19)}.${fraction.padEnd(9, "0")}Z`;
  return { ok: true, key };
}

function impossible(text: string, why: string): IsoInstantResult {
  return { ok: false, reason: `"${text}" is not a real date-time: ${why}` };
}

/**
 * A sort key (`parseIsoInstant`) as a page shows it: `datetime`, a valid HTML global date and
 * time (whole seconds, or milliseconds when the key has a fraction: HTML allows three digits at
 * most), and `text`, the same instant for a reader, in UTC to the minute: `2024-03-05 14:22 UTC`.
 */
export function instantOnPage(key: string): { datetime: string; text: string } {
  const [date = "", time = ""] = key.split("T");
  const [clock = "", fraction = ""] = time.replace("Z", "").split(".");
  const milliseconds = fraction.slice(0, 3);
  return {
    datetime: `${date}T${clock}${/^0*$/.test(milliseconds) ? "" : `.${milliseconds}`}Z`,
    text: `${date} ${clock.slice(0, 5)} UTC`,
  };
}
