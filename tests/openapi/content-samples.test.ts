import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import type { Code } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { listOperations, loadSpec, resolved, type SpecOperation } from './load-spec.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const contentDir = join(repoRoot, 'content', 'docs');

// The values docsgen substitutes for {{name}} everywhere in content (brief: conventions.md).
const contentVariables: Record<string, string> = {
  product: 'Acme Sign',
  productSlug: 'acme-sign',
  apiBase: 'https://api.acme-sign.example/api/v2',
  appUrl: 'https://app.acme-sign.example',
  helpUrl: 'https://help.acme-sign.example',
  repoUrl: 'https://github.example/acme-sign',
  mcpUrl: 'https://mcp.acme-sign.example/mcp',
};

interface Sample {
  /** file:line of the opening fence, relative to the repository root. */
  location: string;
  operationId: string;
  source: string;
}

function findMarkdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(dir, name));
}

function substituteVariables(text: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => contentVariables[name] ?? placeholder);
}

function readSamples(file: string): Sample[] {
  const tree = unified()
    .use(remarkParse)
    .parse(substituteVariables(readFileSync(file, 'utf8')));
  const samples: Sample[] = [];
  visit(tree, 'code', (node: Code) => {
    const operationId = node.lang === 'json' ? /(?:^|\s)operation=(\S+)/.exec(node.meta ?? '')?.[1] : undefined;
    if (operationId === undefined) return;
    samples.push({
      location: `${relative(repoRoot, file)}:${node.position?.start.line ?? 0}`,
      operationId,
      source: node.value,
    });
  });
  return samples;
}

/**
 * OpenAPI says readOnly properties are not sent in requests, so a request sample that sets a
 * server-assigned field (a packet's status, a person's id) is wrong: such a property becomes `false`.
 */
function forbidReadOnly(schema: unknown, copies = new Map<object, unknown>()): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const done = copies.get(schema);
  if (done !== undefined) return done;
  if (Array.isArray(schema)) {
    const items: unknown[] = [];
    copies.set(schema, items);
    items.push(...schema.map((item) => forbidReadOnly(item, copies)));
    return items;
  }
  const copy: Record<string, unknown> = {};
  copies.set(schema, copy);
  for (const [keyword, value] of Object.entries(schema)) {
    copy[keyword] =
      keyword === 'properties' && typeof value === 'object' && value !== null
        ? Object.fromEntries(
            Object.entries(value).map(([name, property]) => [
              name,
              (property as { readOnly?: boolean }).readOnly === true ? false : forbidReadOnly(property, copies),
            ]),
          )
        : forbidReadOnly(value, copies);
  }
  return copy;
}

function formatError({ instancePath, message, params }: ErrorObject): string {
  const detail =
    'additionalProperty' in params || 'unevaluatedProperty' in params || 'allowedValues' in params
      ? ` ${JSON.stringify(params)}`
      : '';
  return `${instancePath || '(root)'} ${message ?? ''}${detail}`;
}

const spec = await loadSpec();
const operations = new Map(listOperations(spec).map((operation) => [operation.operationId, operation]));
const markdownFiles = findMarkdownFiles(contentDir);
const samples = markdownFiles.flatMap(readSamples);

// strictRequired would reject DocumentRequest's "exactly one file source" oneOf, whose branches
// require properties declared on DocumentRequest itself (valid JSON Schema; api.md §5).
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
// ajv-formats is CommonJS: under NodeNext its default import is the module, whose `default` is the plugin.
ajvFormats.default(ajv);
const validators = new Map<string, ValidateFunction | undefined>();

function requestValidator(operation: SpecOperation): ValidateFunction | undefined {
  if (!validators.has(operation.operationId)) {
    const body = operation.operation.requestBody && resolved(operation.operation.requestBody);
    const schema = body?.content['application/json']?.schema;
    validators.set(
      operation.operationId,
      schema === undefined ? undefined : ajv.compile(forbidReadOnly(resolved(schema)) as object),
    );
  }
  return validators.get(operation.operationId);
}

function checkSample({ operationId, source }: Sample): string[] {
  const operation = operations.get(operationId);
  if (!operation) return [`operation=${operationId} names no operation of openapi/esignature-api.yaml`];
  const validate = requestValidator(operation);
  if (!validate) return [`${operationId} takes no application/json request body`];
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return [`not strict JSON: ${(error as Error).message}`];
  }
  return validate(value) ? [] : (validate.errors ?? []).map(formatError);
}

describe('JSON request samples in content/docs', () => {
  it('finds the Markdown pages', () => {
    expect(markdownFiles.length, `no .md files under ${contentDir}`).toBeGreaterThan(0);
  });

  it.each(samples.map((sample) => [sample.location, sample.operationId, sample] as const))(
    '%s is a valid %s request',
    (location, operationId, sample) => {
      expect(checkSample(sample), `${location} (operation=${operationId})`).toEqual([]);
    },
  );
});
