import type { OpenApiDocument } from './openApiModel.ts';
import { createHash } from 'node:crypto';
import { DocsgenError } from '../errors.ts';

/**
 * A Postman collection (v2.1) generated from the OpenAPI document with Postman's own converter,
 * one folder per tag, requests filled from the examples, and the `Token` header taken from a
 * collection variable so readers set their key once.
 */
export async function postmanCollection(document: OpenApiDocument, file: string): Promise<Record<string, unknown>> {
  // Loaded on use: the converter and its dependencies take ~0.4 s to import.
  const { default: Converter } = await import('openapi-to-postmanv2');
  const result = await new Promise<any>((resolve, reject) => {
    Converter.convert(
      { type: 'json', data: structuredClone(document) },
      { folderStrategy: 'Tags', parametersResolution: 'Example', requestNameSource: 'Fallback', includeAuthInfoInExample: false },
      (error: { message: string } | null, converted: any) => (error ? reject(new Error(error.message)) : resolve(converted)),
    );
  });
  if (!result.result) {
    throw new DocsgenError(`the Postman converter rejected the OpenAPI file: ${result.reason}`, { file });
  }
  const collection = result.output[0].data as Record<string, any>;
  const server = String(document.servers?.[0]?.url ?? '').replace(/\/$/, '');
  collection.variable = [
    { key: 'baseUrl', value: server, type: 'string' },
    { key: 'apiKey', value: '', type: 'string', description: 'Your private API key (sent as "Authorization: Token <key>").' },
  ];
  collection.auth = {
    type: 'apikey',
    apikey: [
      { key: 'key', value: 'Authorization', type: 'string' },
      { key: 'value', value: 'Token {{apiKey}}', type: 'string' },
      { key: 'in', value: 'header', type: 'string' },
    ],
  };
  return stableIds(collection) as Record<string, unknown>;
}

/**
 * The converter gives every item a random UUID: replace each with one derived from where it sits
 * in the collection, so the same OpenAPI file always gives the same file (and cache hits).
 */
function stableIds(value: unknown, at = '$'): unknown {
  if (Array.isArray(value)) return value.map((item, index) => stableIds(item, `${at}[${index}]`));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, (key === 'id' || key === '_postman_id') && typeof child === 'string' && uuidPattern.test(child) ? uuidFor(`${at}.${key}`) : stableIds(child, `${at}.${key}`)]),
  );
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidFor(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  // A version 4 layout (variant bits set), so tools that check the form accept it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
