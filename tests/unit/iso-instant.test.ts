import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ISO_FORMATS_HINT, parseIsoInstant } from "../../src/lib/iso-instant.ts";

describe("parseIsoInstant", () => {
  const valid: ReadonlyArray<{ rule: string; text: string; key: string }> = [
    {
      rule: "a date alone means 00:00 UTC",
      text: "2024-03-05",
      key: "2024-03-05T00:00:00.000000000Z",
    },
    { rule: "Z is UTC", text: "2024-03-05T14:22:10Z", key: "2024-03-05T14:22:10.000000000Z" },
    {
      rule: "a date-time without offset is UTC",
      text: "2024-03-05T14:22:10",
      key: "2024-03-05T14:22:10.000000000Z",
    },
    {
      rule: "a positive offset is subtracted",
      text: "2024-03-05T16:22:10+02:00",
      key: "2024-03-05T14:22:10.000000000Z",
    },
    {
      rule: "a negative offset is added",
      text: "2024-03-05T09:22:10-05:00",
      key: "2024-03-05T14:22:10.000000000Z",
    },
    {
      rule: "an offset with minutes is applied",
      text: "2024-03-05T19:52:10+05:30",
      key: "2024-03-05T14:22:10.000000000Z",
    },
    {
      rule: "a basic-format offset (+0100) is applied",
      text: "2024-03-05T15:22:10+0100",
      key: "2024-03-05T14:22:10.000000000Z",
    },
    {
      rule: "an hours-only offset (+02) is applied",
      text: "2024-03-05T16:22:10+02",
      key: "2024-03-05T14:22:10.000000000Z",
    },
    {
      rule: "an offset crosses back over a day boundary",
      text: "2024-03-05T01:00:00+02:00",
      key: "2024-03-04T23:00:00.000000000Z",
    },
    {
      rule: "an offset crosses back over a month and year boundary",
      text: "2024-01-01T01:00:00+02:00",
      key: "2023-12-31T23:00:00.000000000Z",
    },
    {
      rule: "an offset crosses forward over a year boundary",
      text: "2024-12-31T23:30:00-01:00",
      key: "2025-01-01T00:30:00.000000000Z",
    },
    {
      rule: "an offset crosses forward onto a leap day",
      text: "2024-02-28T23:00:00-01:00",
      key: "2024-02-29T00:00:00.000000000Z",
    },
    {
      rule: "an offset crosses back onto 28 February in a common year",
      text: "2023-03-01T00:30:00+01:00",
      key: "2023-02-28T23:30:00.000000000Z",
    },
    {
      rule: "seconds may be left out",
      text: "2024-03-05T14:22",
      key: "2024-03-05T14:22:00.000000000Z",
    },
    {
      rule: "milliseconds are kept",
      text: "2024-03-05T14:22:10.123Z",
      key: "2024-03-05T14:22:10.123000000Z",
    },
    {
      rule: "fractions beyond milliseconds are kept, up to nanoseconds",
      text: "2024-03-05T14:22:10.123456789Z",
      key: "2024-03-05T14:22:10.123456789Z",
    },
    {
      rule: "a one-digit fraction is a tenth of a second",
      text: "2024-03-05T14:22:10.5Z",
      key: "2024-03-05T14:22:10.500000000Z",
    },
    {
      rule: "a comma fraction works with an offset",
      text: "2024-03-05T15:22:10,000001+01:00",
      key: "2024-03-05T14:22:10.000001000Z",
    },
    {
      rule: "a space may separate date and time, and z may be lower-case",
      text: "2024-03-05 14:22:10z",
      key: "2024-03-05T14:22:10.000000000Z",
    },
    {
      rule: "29 February of a leap year is a date",
      text: "2024-02-29",
      key: "2024-02-29T00:00:00.000000000Z",
    },
    {
      rule: "29 February 2000 (divisible by 400) is a date",
      text: "2000-02-29",
      key: "2000-02-29T00:00:00.000000000Z",
    },
    {
      rule: "a two-digit-era year stays in that year",
      text: "0099-05-06",
      key: "0099-05-06T00:00:00.000000000Z",
    },
    {
      rule: "23:59:59 is the last second of a day",
      text: "2024-03-05T23:59:59Z",
      key: "2024-03-05T23:59:59.000000000Z",
    },
  ];
  for (const { rule, text, key } of valid) {
    it(rule, () => {
      assert.deepEqual(parseIsoInstant(text), { ok: true, key });
    });
  }

  it("keys of the same instant written with different offsets are equal", () => {
    assert.deepEqual(
      parseIsoInstant("2024-03-05T16:22:10+02:00"),
      parseIsoInstant("2024-03-05T14:22:10Z"),
    );
  });

  it("keys a microsecond apart order by time as plain strings", () => {
    const earlier = parseIsoInstant("2024-03-05T14:22:10.000001Z");
    const later = parseIsoInstant("2024-03-05T14:22:10.000002Z");
    assert.ok(earlier.ok && later.ok);
    assert.ok(earlier.key < later.key, `${earlier.key} should sort before ${later.key}`);
  });

  const impossible: ReadonlyArray<{ rule: string; text: string; reason: string }> = [
    {
      rule: "30 February is not a date",
      text: "2024-02-30",
      reason: '"2024-02-30" is not a real date-time: 2024-02 has no day 30',
    },
    {
      rule: "29 February of a common year is not a date",
      text: "2023-02-29",
      reason: '"2023-02-29" is not a real date-time: 2023-02 has no day 29',
    },
    {
      rule: "29 February 1900 (century, not divisible by 400) is not a date",
      text: "1900-02-29",
      reason: '"1900-02-29" is not a real date-time: 1900-02 has no day 29',
    },
    {
      rule: "31 April is not a date",
      text: "2024-04-31",
      reason: '"2024-04-31" is not a real date-time: 2024-04 has no day 31',
    },
    {
      rule: "day 00 is not a date",
      text: "2024-01-00",
      reason: '"2024-01-00" is not a real date-time: 2024-01 has no day 00',
    },
    {
      rule: "month 13 is not a month",
      text: "2024-13-01",
      reason: '"2024-13-01" is not a real date-time: there is no month 13',
    },
    {
      rule: "month 00 is not a month",
      text: "2024-00-10",
      reason: '"2024-00-10" is not a real date-time: there is no month 00',
    },
    {
      rule: "hour 24 is not an hour",
      text: "2024-03-05T24:00:00Z",
      reason: '"2024-03-05T24:00:00Z" is not a real date-time: there is no hour 24',
    },
    {
      rule: "minute 60 is not a minute",
      text: "2024-03-05T23:60:00Z",
      reason: '"2024-03-05T23:60:00Z" is not a real date-time: there is no minute 60',
    },
    {
      rule: "second 60 is not a second",
      text: "2024-03-05T23:59:60Z",
      reason: '"2024-03-05T23:59:60Z" is not a real date-time: there is no second 60',
    },
    {
      rule: "an offset of 24 hours is out of range",
      text: "2024-03-05T10:00:00+24:00",
      reason:
        '"2024-03-05T10:00:00+24:00" is not a real date-time: the offset +24:00 is out of range',
    },
    {
      rule: "an offset of 60 minutes is out of range",
      text: "2024-03-05T10:00:00+01:60",
      reason:
        '"2024-03-05T10:00:00+01:60" is not a real date-time: the offset +01:60 is out of range',
    },
    {
      rule: "an instant before year 0000 in UTC is out of range",
      text: "0000-01-01T00:00:00+01:00",
      reason:
        '"0000-01-01T00:00:00+01:00" is not a real date-time: it falls outside the years 0000-9999 in UTC',
    },
    {
      rule: "an instant after year 9999 in UTC is out of range",
      text: "9999-12-31T23:59:59-01:00",
      reason:
        '"9999-12-31T23:59:59-01:00" is not a real date-time: it falls outside the years 0000-9999 in UTC',
    },
  ];
  for (const { rule, text, reason } of impossible) {
    it(rule, () => {
      assert.deepEqual(parseIsoInstant(text), { ok: false, reason });
    });
  }

  const garbage: ReadonlyArray<{ rule: string; text: string }> = [
    { rule: "a word is not a date", text: "yesterday" },
    { rule: "the empty string is not a date", text: "" },
    { rule: "single-digit month and day are not ISO 8601", text: "2024-3-5" },
    { rule: "a day-first date is not ISO 8601", text: "05-03-2024" },
    { rule: "an offset on a date alone is not accepted", text: "2024-03-05Z" },
    { rule: "an hour without minutes is not accepted", text: "2024-03-05T14Z" },
    { rule: "surrounding spaces are not accepted", text: " 2024-03-05" },
    {
      rule: "an offset without digits after the colon is not accepted",
      text: "2024-03-05T14:22:10+02:",
    },
  ];
  for (const { rule, text } of garbage) {
    it(`${rule}: it is an error that says it is not ISO 8601`, () => {
      assert.deepEqual(parseIsoInstant(text), {
        ok: false,
        reason: `${JSON.stringify(text)} is not an ISO 8601 date or date-time`,
      });
    });
  }

  it("the hint shows one example of each accepted form", () => {
    assert.equal(
      ISO_FORMATS_HINT,
      'write it as "2024-03-05", "2024-03-05T14:22:10Z" or "2024-03-05T16:22:10+02:00"',
    );
  });
});
