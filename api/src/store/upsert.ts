import type { Filter } from './types.js';

/** The plain `field: value` pairs of a filter: what a document created by an upsert starts with. */
export function equalityFields(filter: Filter): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$') || key.includes('.')) continue;
    const isOperator =
      value !== null &&
      typeof value === 'object' &&
      !(value instanceof Date) &&
      !(value instanceof RegExp) &&
      Object.keys(value).some((k) => k.startsWith('$'));
    if (!isOperator) fields[key] = value;
  }
  return fields;
}
