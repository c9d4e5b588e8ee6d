/**
 * A Map that forgets its oldest entry when a new one would pass `max`. For caches whose entries
 * are found again soon after they are made, or never (a highlighter's lines): lru-cache's recency
 * bookkeeping on every read, and the `max` slots it allocates up front for each cache, were
 * ~1.7 % of a GitHub build's render threads and bought nothing there.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
