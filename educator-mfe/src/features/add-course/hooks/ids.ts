let counter = 0;

/** A fresh id for a chapter or lecture draft (crypto.randomUUID, which needs a secure context). */
export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  counter += 1;
  return `id-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 10)}`;
}
