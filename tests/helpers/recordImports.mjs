// Loaded with `node --import`: appends the URL of every module the process resolves to the file
// named by DOCSGEN_RECORD_IMPORTS, one per line, so a test can tell what a command loaded.
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(${JSON.stringify(process.env.DOCSGEN_RECORD_IMPORTS)}, resolved.url + '\\n');
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
