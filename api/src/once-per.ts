/**
 * `build(key)` made once per key and kept while the key lives (a `WeakMap`): for what the modules of
 * one app share, such as a store's cached catalog. Keyed on two objects: `oncePer((a) => oncePer((b) => …))`.
 */
export function oncePer<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, build(key));
    return made.get(key) as V;
  };
}
