import {
  allBreaking,
  breaking,
  nonBreaking,
  openapi3Rules,
  openApiSchemaRules,
  type CompareRules,
} from 'api-smart-diff';

type RuleNode = Record<string, any>;

/**
 * api-smart-diff's OpenAPI 3 rules, plus the webhooks it does not compare (3.1 `webhooks:`, 3.0
 * `x-webhooks:`; it leaves them unclassified and does not follow their `$ref`s). A webhook is
 * compared as an operation is, except that its request body is sent by the API to the receiver:
 * its schema is classified as a response's (a property removed from it breaks receivers that
 * read it; one added does not).
 */
export function compareRules(version: '3.0.x' | '3.1.x'): CompareRules {
  const rules = openapi3Rules({ version }) as RuleNode;
  const pathItem: RuleNode = rules['/paths']['/*'];
  const operation: RuleNode = pathItem['/*'];
  const requestBody: RuleNode = operation['/requestBody'];
  const content: RuleNode = requestBody['/content'];
  const payloadSchema = openApiSchemaRules({ version, response: true });
  const webhookOperation = {
    ...operation,
    '/requestBody': {
      ...requestBody,
      '/content': { ...content, '/*': { ...content['/*'], '/schema': () => ({ ...payloadSchema, $: allBreaking }) } },
    },
  };
  const webhooks = { '/*': { ...pathItem, $: [nonBreaking, breaking, nonBreaking], '/*': webhookOperation } };
  return { ...rules, '/webhooks': webhooks, '/x-webhooks': webhooks } as CompareRules;
}
