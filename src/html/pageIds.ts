/**
 * The ids of one page, handed out once each. What is claimed first keeps its id; a later claim
 * of a taken id gets the first free `-1`, `-2`… suffix, as github-slugger numbers repeated headings
 * within one document. Claim the ids others link to (sections, operations, schemas) first.
 */
export class PageIds {
  readonly #taken: Set<string>;

  constructor(taken: Iterable<string> = []) {
    this.#taken = new Set(taken);
  }

  /** Another page's ids that start as this one's are now: what either claims next, the other does not see. */
  copy(): PageIds {
    return new PageIds(this.#taken);
  }

  claim(id: string): string {
    let unique = id;
    for (let n = 1; this.#taken.has(unique); n++) unique = `${id}-${n}`;
    this.#taken.add(unique);
    return unique;
  }
}
