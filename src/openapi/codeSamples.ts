import { directiveName } from '../markdown/directives.ts';
import { refTarget, type OpenApiModel } from './openApiModel.ts';

export interface SampleRequest {
  method: string;
  /** Path with example values substituted for its parameters. */
  path: string;
  query: [string, string][];
  /** The JSON request body, if the operation takes one. */
  body?: unknown;
  /** Whether the operation's success response has a documented body, which the samples then print. */
  printsResponse: boolean;
}

/**
 * Request samples in the four languages the docs use, generated from an operation and its
 * examples, as a `:::code-tabs` Markdown group (so they render and sync like the docs' tabs).
 */
export function codeSamplesMarkdown(request: SampleRequest, baseUrl: string, keyVariable: string): string {
  const url = `${baseUrl}${request.path}${queryString(request.query)}`;
  const method = request.method.toUpperCase();
  const body = request.body === undefined ? undefined : JSON.stringify(request.body, null, 2);
  return [
    `:::${directiveName('code-tabs')}`,
    fence('bash', 'curl', curl(method, url, body, keyVariable)),
    fence('js', 'JavaScript', javascript(method, url, body, keyVariable, request.printsResponse)),
    fence('python', 'Python', python(method, url, request.body, keyVariable, request.printsResponse)),
    fence('php', 'PHP', php(method, url, request.body, keyVariable, request.printsResponse)),
    ':::',
  ].join('\n');
}

function fence(lang: string, label: string, code: string): string {
  const ticks = code.includes('```') ? '````' : '```';
  return `${ticks}${lang} label=${label}\n${code}\n${ticks}`;
}

function queryString(query: [string, string][]): string {
  if (query.length === 0) return '';
  return `?${query.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`;
}

function curl(method: string, url: string, body: string | undefined, key: string): string {
  const lines = [`curl -X ${method} "${url}"`, `  -H "Authorization: Token $${key}"`];
  if (body !== undefined) {
    lines.push(`  -H "Content-Type: application/json"`, `  -d '${body.replace(/'/g, `'\\''`)}'`);
  }
  return lines.join(' \\\n');
}

function javascript(method: string, url: string, body: string | undefined, key: string, printsResponse: boolean): string {
  const options = [`  method: '${method}',`, '  headers: {', `    Authorization: \`Token \${process.env.${key}}\`,`];
  if (body !== undefined) options.push(`    'Content-Type': 'application/json',`);
  options.push('  },');
  if (body !== undefined) options.push(`  body: JSON.stringify(${indent(body, 2)}),`);
  return [
    `const response = await fetch('${url}', {`,
    ...options,
    '});',
    'if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);',
    printsResponse ? 'console.log(await response.json());' : '',
  ]
    .filter(Boolean)
    .join('\n');
}

function python(method: string, url: string, body: unknown, key: string, printsResponse: boolean): string {
  const lines = ['import os', 'import requests', '', `response = requests.request(`, `    "${method}",`, `    "${url}",`, `    headers={"Authorization": f"Token {os.environ['${key}']}"},`];
  if (body !== undefined) lines.push(`    json=${indent(toPython(body), 4)},`);
  lines.push(')', 'response.raise_for_status()');
  if (printsResponse) lines.push('print(response.json())');
  return lines.join('\n');
}

function php(method: string, url: string, body: unknown, key: string, printsResponse: boolean): string {
  const options = [`    'headers' => ['Authorization' => 'Token ' . getenv('${key}')],`];
  if (body !== undefined) options.push(`    'json' => ${indent(toPhp(body), 4)},`);
  return [
    '<?php',
    "require 'vendor/autoload.php';",
    '',
    '$client = new GuzzleHttp\\Client();',
    `$response = $client->request('${method}', '${url}', [`,
    ...options,
    ']);',
    printsResponse ? 'print_r(json_decode((string) $response->getBody(), true));' : '',
  ]
    .filter((line, index, lines) => line !== '' || index < lines.length - 1)
    .join('\n');
}

function indent(text: string, spaces: number): string {
  return text.replace(/\n/g, `\n${' '.repeat(spaces)}`);
}

function toPython(value: unknown, depth = 0): string {
  const pad = '    '.repeat(depth + 1);
  const close = '    '.repeat(depth);
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${toPython(item, depth + 1)}`).join(',\n')},\n${close}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${toPython(item, depth + 1)}`).join(',\n')},\n${close}}`;
  }
  return JSON.stringify(value);
}

function toPhp(value: unknown, depth = 0): string {
  const pad = '    '.repeat(depth + 1);
  const close = '    '.repeat(depth);
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${toPhp(item, depth + 1)}`).join(',\n')},\n${close}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return 'new \\stdClass()';
    return `[\n${entries.map(([key, item]) => `${pad}${toPhp(key)} => ${toPhp(item, depth + 1)}`).join(',\n')},\n${close}]`;
  }
  return JSON.stringify(value);
}

/** The example value of a parameter, schema or media type, as OpenAPI lets each declare one. */
export function exampleOf(node: any, api: Pick<OpenApiModel, 'document' | 'parts'>): unknown {
  if (!node) return undefined;
  if (node.example !== undefined) return node.example?.$ref ? refTarget(api, node.example.$ref) : node.example;
  const examples = node.examples;
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  if (examples && typeof examples === 'object') {
    const first = Object.values(examples)[0] as any;
    if (first?.$ref) return (refTarget(api, first.$ref) as any)?.value;
    if (first?.value !== undefined) return first.value;
  }
  if (node.schema) return exampleOf(node.schema.$ref ? refTarget(api, node.schema.$ref) : node.schema, api);
  return undefined;
}
