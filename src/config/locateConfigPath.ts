/**
 * Finds where a key path (`navbar.items[2].label`) is written in a config source, so that a
 * schema error can point at a line and column. It follows object keys and array elements
 * through the literal; when the path leaves what is written literally (a key not written: a
 * required one missing) it returns the last position it reached, at least the config object's.
 */
export function locateConfigPath(source: string, keys: PropertyKey[]): { line?: number; column?: number } {
  const start = source.indexOf('defineConfig(');
  let position = start === -1 ? source.search(/export\s+default/) : start;
  if (position === -1 || keys.length === 0) return {};
  for (const key of keys) {
    const next = typeof key === 'number' ? findElement(source, position, key) : findKey(source, position, String(key));
    if (next === -1) break;
    position = next;
  }
  return toLineColumn(source, position);
}

function findKey(source: string, from: number, key: string): number {
  const pattern = new RegExp(`(?:^|[\\s{,])(['"]?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1\\s*:`, 'g');
  pattern.lastIndex = from;
  const match = pattern.exec(source);
  if (!match) return -1;
  return match.index + match[0].length - match[0].trimStart().length;
}

/** Position of the index-th element of the array literal that follows `from`. */
function findElement(source: string, from: number, index: number): number {
  let position = source.indexOf('[', from);
  if (position === -1) return -1;
  let depth = 0;
  let element = 0;
  let elementStart = -1;
  for (let i = position + 1; i < source.length; i++) {
    const char = source[i];
    if (char === '"' || char === "'" || char === '`') {
      if (depth === 0 && elementStart === -1) elementStart = i;
      i = skipString(source, i);
      continue;
    }
    if (depth === 0 && elementStart === -1 && !/[\s,]/.test(char) && char !== ']') elementStart = i;
    if (char === '{' || char === '[' || char === '(') depth++;
    else if (char === '}' || char === ')') depth--;
    else if (char === ']') {
      if (depth === 0) return element === index && elementStart !== -1 ? elementStart : -1;
      depth--;
    } else if (char === ',' && depth === 0) {
      if (element === index && elementStart !== -1) return elementStart;
      element++;
      elementStart = -1;
    }
  }
  return -1;
}

function skipString(source: string, start: number): number {
  const quote = source[start];
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === quote) return i;
  }
  return source.length;
}

function toLineColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
