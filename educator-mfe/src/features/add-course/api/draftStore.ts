import type { ChapterDraft, CourseFields } from '../hooks/chapters';

/**
 * Where a course being written is kept on this device until it is sent: the text in localStorage
 * (one key per educator, and per course when editing), the thumbnail's bytes in IndexedDB (a File
 * does not fit in localStorage). Everything here fails quietly: without storage, no draft.
 */
export interface CourseDraft {
  /** When it was last written (ms since 1970). */
  savedAt: number;
  fields: Partial<CourseFields>;
  description: string;
  chapters: ChapterDraft[];
  /** The chosen thumbnail's name, when one was chosen (its bytes are in IndexedDB). */
  thumbnailName?: string;
}

const PREFIX = 'courseport:course-draft:';
/** `courseport:course-draft:<user id>:new` for Add Course, `…:<course id>` for Edit Course. */
export const draftKey = (userId: string, courseId?: string) => `${PREFIX}${userId}:${courseId ?? 'new'}`;

export function readDraft(key: string): CourseDraft | null {
  try {
    const text = localStorage.getItem(key);
    if (!text) return null;
    const draft = JSON.parse(text) as CourseDraft;
    return typeof draft === 'object' && draft && Array.isArray(draft.chapters) ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: CourseDraft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Full or forbidden (private mode): the page still works, without a draft.
  }
}

export function removeDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {}
  void deleteThumbnail(key);
}

const DB = 'courseport-course-drafts';
const STORE = 'thumbnails';

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  const db = await openDb();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  }).finally(() => db.close()) as Promise<T | null>;
}

/** Keeps the chosen thumbnail (or forgets it: `null`). */
export async function saveThumbnail(key: string, file: File | null): Promise<void> {
  if (!file) {
    await deleteThumbnail(key);
    return;
  }
  await run('readwrite', (store) => store.put({ name: file.name, blob: file }, key));
}

export async function loadThumbnail(key: string): Promise<File | null> {
  const entry = await run<{ name: string; blob: Blob } | undefined>('readonly', (store) => store.get(key));
  return entry ? new File([entry.blob], entry.name, { type: entry.blob.type }) : null;
}

async function deleteThumbnail(key: string): Promise<void> {
  await run('readwrite', (store) => store.delete(key));
}
