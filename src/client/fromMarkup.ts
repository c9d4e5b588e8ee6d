/** Parses fixed markup written in the runtime (never page data) into an element. */
export function fromMarkup(markup: string): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return template.content.firstElementChild as HTMLElement;
}
