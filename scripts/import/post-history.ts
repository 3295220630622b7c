import { detachedCopy } from "./detached-copy.ts";
import { isId } from "./post-links.ts";
import { utcInstant } from "./question-row.ts";
import { readDumpRows, type ReadProgress } from "./xml-rows.ts";

/**
 * The names of Stack Exchange's close reasons by the id a close's row of PostHistory.xml
 * carries in its `Comment`, as its CloseReasonTypes table (Stack Exchange Data Explorer) names
 * them: 1 to 20 until June 2013, 101 to 105 since. Lower case, to follow "Closed as".
 */
export const CLOSE_REASON_NAMES: ReadonlyMap<string, string> = new Map([
  ["1", "exact duplicate"],
  ["2", "off-topic"],
  ["3", "subjective and argumentative"],
  ["4", "not a real question"],
  ["7", "too localized"],
  ["10", "general reference"],
  ["20", "noise or pointless"],
  ["101", "duplicate"],
  ["102", "off-topic"],
  ["103", "unclear what you're asking"],
  ["104", "too broad"],
  ["105", "primarily opinion-based"],
]);

/** The PostHistoryTypeIds of a close, a reopening, a lock and an unlock. */
const CLOSED = "10";
const REOPENED = "11";
const LOCKED = "14";
const UNLOCKED = "15";

/** One event of a post's history: when, its row's Id (orders one instant's), a close's reason. */
interface HistoryEvent {
  date: string;
  rowId: number;
  reasonId?: string;
}

/**
 * What PostHistory.xml says that a page shows: each post's last close (its date and reason) and
 * whether its last lock still holds. Only those events are kept, so it stays small whatever the
 * file's size; rows may come in any order (since 2024 they do not come by Id).
 */
export interface PostNotices {
  rows: number;
  /** Per post, its last close. */
  lastClose: Map<string, HistoryEvent>;
  /** Per post, its last lock or unlock: locked when `locked` is true. */
  lastLock: Map<string, HistoryEvent & { locked: boolean }>;
}

export function noPostNotices(): PostNotices {
  return { rows: 0, lastClose: new Map(), lastLock: new Map() };
}

/** Reads the close, reopen, lock and unlock rows of a PostHistory.xml. */
export async function readPostNotices(
  file: string,
  onProgress?: (progress: ReadProgress) => void,
): Promise<PostNotices> {
  const notices = noPostNotices();
  const { rows } = await readDumpRows(
    file,
    "posthistory",
    ({ attributes }) => {
      const type = attributes["PostHistoryTypeId"];
      if (type !== CLOSED && type !== LOCKED && type !== UNLOCKED && type !== REOPENED) return;
      const postId = attributes["PostId"];
      const date = attributes["CreationDate"];
      const rowId = Number(attributes["Id"]);
      if (postId === undefined || !isId(postId) || date === undefined) return;
      const event = { date, rowId: Number.isFinite(rowId) ? rowId : 0 };
      if (type === CLOSED) {
        keepLater(notices.lastClose, postId, { ...event, reasonId: attributes["Comment"] ?? "" });
      } else if (type === LOCKED || type === UNLOCKED) {
        keepLater(notices.lastLock, postId, { ...event, locked: type === LOCKED });
      }
    },
    onProgress,
  );
  notices.rows = rows;
  return notices;
}

/** Keeps `event` for `postId` if it is later than the one kept (by date, then row Id). */
function keepLater<Event extends HistoryEvent>(
  events: Map<string, Event>,
  postId: string,
  event: Event,
): void {
  const kept = events.get(postId);
  if (kept === undefined) events.set(detachedCopy(postId), detachedCopy(event));
  else if (kept.date < event.date || (kept.date === event.date && kept.rowId < event.rowId)) {
    events.set(postId, detachedCopy(event));
  }
}

/** What a question's page is told of its close and lock. */
export interface QuestionNotices {
  /** The close reason's name (none: the history has no close, or its reason is not known). */
  closeReason?: string;
  /** A reason id the names do not hold, to report (none: known or no close). */
  unknownReason?: string;
  /** When it was locked, marked UTC, if its last lock still holds. */
  locked?: string;
}

/**
 * A question's notices: the reason of its last close when it is closed now (Posts.xml's
 * ClosedDate), and its lock when the last lock event is a lock.
 */
export function questionNotices(
  notices: PostNotices,
  id: string,
  closedNow: boolean,
): QuestionNotices {
  const close = closedNow ? notices.lastClose.get(id) : undefined;
  const lock = notices.lastLock.get(id);
  const reason = close?.reasonId === undefined ? undefined : CLOSE_REASON_NAMES.get(close.reasonId);
  return {
    ...(reason !== undefined && { closeReason: reason }),
    ...(close !== undefined && reason === undefined && { unknownReason: close.reasonId ?? "" }),
    ...(lock?.locked === true && { locked: utcInstant(lock.date) ?? lock.date }),
  };
}
