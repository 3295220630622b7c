/*
 * The build's process-wide state, all of it, in one place. A build holds several copies of the
 * machinery's modules (the build script's, the integrations', the page bundle's), so what one
 * copy starts and another takes cannot live in a module's own variables: it lives here, on the
 * process's global object under one registered symbol, in a slot named for what it holds.
 * Each slot's owner gives it its type.
 */

/** Every piece of state a build shares across module copies, by the module that owns it. */
interface Slots {
  /** The content's load, started before Astro bundles the pages (loading/early-load.ts). */
  earlyLoad: unknown;
  /** Routes' static paths left to the render threads (astro/deferred-paths.ts). */
  deferredPaths: unknown;
  /** The pages this build wrote or kept (incremental/written-pages.ts). */
  writtenPages: unknown;
  /** The output folder's files no page of this build accounts for (incremental/written-pages.ts). */
  filesLeft: unknown;
  /** The lock this build holds on its output folder (incremental/output-files.ts). */
  outputLock: unknown;
}

const STATE = Symbol.for("qa-archive.build-state");

type WithState = typeof globalThis & { [STATE]?: Partial<Record<keyof Slots, unknown>> };

/** One slot of the build's state, typed by its owner. */
export interface StateSlot<Value> {
  get(): Value | undefined;
  set(value: Value | undefined): void;
}

/** The slot `name`, holding values of type `Value`. */
export function stateSlot<Value>(name: keyof Slots): StateSlot<Value> {
  const state = () => ((globalThis as WithState)[STATE] ??= {});
  return {
    get: () => state()[name] as Value | undefined,
    set: (value) => {
      state()[name] = value;
    },
  };
}
