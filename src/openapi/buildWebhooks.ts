import type { ApiParameter, ApiResponse, ApiWebhook } from '../../templates/api/types.ts';
import { resolveRef, type LoadedOpenApi } from './loadOpenApi.ts';
import { bodies, methods, schemaNode, type RenderFragment } from './buildReference.ts';

export const webhookAnchor = (name: string) => `webhook/${name}`;

/**
 * The requests the API sends to your endpoints (OpenAPI 3.1 `webhooks:`), in file order. They
 * have no path and no samples of ours to run: your server receives them, so only what arrives
 * (headers, body) and what to answer are shown.
 */
export async function buildWebhooks(api: LoadedOpenApi, render: RenderFragment): Promise<ApiWebhook[]> {
  const webhooks: ApiWebhook[] = [];
  for (const [name, rawItem] of Object.entries<any>(api.document.webhooks ?? {})) {
    const itemPointer = `/webhooks/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const item = rawItem.$ref ? resolveRef(api, rawItem.$ref, itemPointer) : rawItem;
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const pointer = `${itemPointer}/${method}`;
      const requestBody = operation.requestBody?.$ref ? resolveRef(api, operation.requestBody.$ref, `${pointer}/requestBody`) : operation.requestBody;
      webhooks.push({
        name,
        anchor: webhookAnchor(name),
        method: method.toUpperCase(),
        summary: operation.summary ?? name,
        descriptionHtml: await render([operation.description, requestBody?.description].filter(Boolean).join('\n\n')),
        parameters: await headers(api, render, [...(item.parameters ?? []), ...(operation.parameters ?? [])], pointer),
        requestBodies: requestBody ? await bodies(api, render, requestBody.content, `${pointer}/requestBody/content`) : [],
        responses: await responses(api, render, operation.responses ?? {}, pointer),
      });
    }
  }
  return webhooks;
}

async function headers(api: LoadedOpenApi, render: RenderFragment, rawParameters: any[], pointer: string): Promise<ApiParameter[]> {
  return Promise.all(
    rawParameters.map(async (raw, index) => {
      const parameter = raw.$ref ? resolveRef(api, raw.$ref, `${pointer}/parameters/${index}`) : raw;
      const required = Boolean(parameter.required);
      return {
        name: parameter.name,
        location: parameter.in,
        required,
        schema: await schemaNode(api, render, parameter.schema ?? {}, `${pointer}/parameters/${index}/schema`, { required, depth: 0, seen: new Set() }),
        descriptionHtml: parameter.description ? await render(parameter.description) : undefined,
        example: parameter.example === undefined ? undefined : String(parameter.example),
      };
    }),
  );
}

/** What your endpoint may answer: a status and what the API makes of it, with no body. */
async function responses(api: LoadedOpenApi, render: RenderFragment, raw: Record<string, any>, pointer: string): Promise<ApiResponse[]> {
  return Promise.all(
    Object.entries(raw).map(async ([status, rawResponse]) => {
      const response = rawResponse.$ref ? resolveRef(api, rawResponse.$ref, `${pointer}/responses/${status}`) : rawResponse;
      return { status, descriptionHtml: await render(response.description ?? ''), headers: [], bodies: [] };
    }),
  );
}
