/**
 * What `derive` makes of `key`, made once for as long as `key` lives: kept in `made`. For
 * lists a build asks for again and again, where making them anew each time is garbage enough
 * to count (see `entriesOf` in src/loaders/questions.ts).
 */
export function memoized<Key extends object, Value>(
  made: WeakMap<Key, Value>,
  key: Key,
  derive: (key: Key) => Value,
): Value {
  let value = made.get(key);
  if (value === undefined) {
    value = derive(key);
    made.set(key, value);
  }
  return value;
}
