import type { OpenApiDocument } from './loadOpenApi.ts';
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
  return collection;
}
