import { serverBaseUrl } from '../model/serverUrl.ts';
import { readStored, writeStored, storageKeys } from './storage.ts';

/** A reader's choice of server, by the default base URL it replaces: which server, its variables, and the base URL they give. */
interface ServerChoice {
  server: string;
  values: Record<string, string>;
  base: string;
}

/**
 * The API reference's server picker (templates/api/ServerPicker.tsx): a choice is remembered
 * for the default base URL it replaces and rewrites that base URL in every sample calling it,
 * on this page and on the reference's other pages. Delegated, so a picker navigation swaps in works too.
 */
export function initServerPicker(): void {
  document.addEventListener('change', (event) => {
    const form = (event.target as Element | null)?.closest?.<HTMLFormElement>('form[data-server-picker]');
    if (!form) return;
    const choice = choiceOf(form);
    writeStored(storageKeys.serverChoice(form.dataset.serverPicker!), JSON.stringify(choice));
    showVariablesOf(form, choice.server);
    showStoredServers();
  });
  // Enter in a variable's field submits the form: the change event has applied it already.
  document.addEventListener('submit', (event) => {
    if ((event.target as Element | null)?.matches?.('form[data-server-picker]')) event.preventDefault();
  });
}

/** Shows each picker with the stored choice, and rewrites the page's samples to the stored choices (run for each page shown). */
export function showStoredServers(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-server-picker]')) {
    const stored = storedChoice(form.dataset.serverPicker!);
    if (stored) restore(form, stored);
    showVariablesOf(form, serverSelect(form)?.value ?? '0');
    form.hidden = false;
  }
  for (const samples of document.querySelectorAll<HTMLElement>('[data-sample-base]')) {
    const base = samples.dataset.sampleBase!;
    const target = storedChoice(base)?.base ?? base;
    const current = samples.dataset.sampleCurrent ?? base;
    if (target === current) continue;
    replaceText(samples, current, target);
    samples.dataset.sampleCurrent = target;
  }
}

const serverSelect = (form: HTMLFormElement) => form.querySelector<HTMLSelectElement>('select[name="server"]');
const variablesOf = (form: HTMLFormElement, server: string) =>
  [...form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-server]')].find(
    (fieldset) => fieldset.dataset.server === server,
  );

function choiceOf(form: HTMLFormElement): ServerChoice {
  const select = serverSelect(form);
  const server = select?.value ?? '0';
  const url = (select ? select.selectedOptions[0]?.dataset.url : form.dataset.url) ?? '';
  const values: Record<string, string> = {};
  for (const field of variablesOf(form, server)?.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    'input, select',
  ) ?? [])
    values[field.name] = field.value;
  return { server, values, base: serverBaseUrl(url, (name) => values[name] || undefined) };
}

function restore(form: HTMLFormElement, { server, values }: ServerChoice): void {
  const select = serverSelect(form);
  if (select && [...select.options].some((option) => option.value === server)) select.value = server;
  for (const field of variablesOf(form, server)?.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    'input, select',
  ) ?? []) {
    if (typeof values[field.name] === 'string') field.value = values[field.name]!;
  }
}

function showVariablesOf(form: HTMLFormElement, server: string): void {
  for (const fieldset of form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-server]'))
    fieldset.hidden = fieldset.dataset.server !== server;
}

/** The stored choice for a default base URL; none when nothing (or nothing readable) is stored. */
function storedChoice(base: string): ServerChoice | undefined {
  try {
    const choice = JSON.parse(readStored(storageKeys.serverChoice(base)) ?? 'null') as Partial<ServerChoice> | null;
    // Storage is the reader's (or another script's): a choice is used only in the shape this code writes.
    const { values } = choice ?? {};
    const valuesOk =
      typeof values === 'object' &&
      values !== null &&
      !Array.isArray(values) &&
      Object.values(values).every((value) => typeof value === 'string');
    return choice && typeof choice.base === 'string' && /^\d+$/.test(String(choice.server)) && valuesOk
      ? (choice as ServerChoice)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Replaces each `from` in the text below `root` with `to`, however the highlighter split it
 * into tokens: the replacement goes where an occurrence starts, the rest of it is cut from the
 * tokens it spans. The copy button copies the text as it now reads.
 */
export function replaceText(root: Node, from: string, to: string): void {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  const starts: number[] = [];
  let text = '';
  for (const node of nodes) {
    starts.push(text.length);
    text += node.data;
  }
  const found: number[] = [];
  for (let at = text.indexOf(from); from !== '' && at !== -1; at = text.indexOf(from, at + from.length)) found.push(at);
  // Last first: an earlier occurrence's offsets are unchanged by the edits after it.
  for (const at of found.reverse()) {
    const end = at + from.length;
    nodes.forEach((node, index) => {
      const start = starts[index]!;
      const length = index + 1 < nodes.length ? starts[index + 1]! - start : text.length - start;
      if (start + length <= at || start >= end) return;
      const cutFrom = Math.max(at, start) - start;
      const cutTo = Math.min(end, start + length) - start;
      node.data = node.data.slice(0, cutFrom) + (start <= at ? to : '') + node.data.slice(cutTo);
    });
  }
}
