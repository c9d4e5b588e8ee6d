import type { ApiWebhook } from '../model/apiReference.ts';
import { resolveRef, type LoadedOpenApi } from './loadOpenApi.ts';
import { bodies, buildParameters, buildResponses, methods, titleIdOf, type RenderFragment } from './buildReference.ts';

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
        titleId: titleIdOf(webhookAnchor(name)),
        method: method.toUpperCase(),
        summary: operation.summary ?? name,
        descriptionHtml: await render([operation.description, requestBody?.description].filter(Boolean).join('\n\n')),
        parameters: await buildParameters(api, render, [...(item.parameters ?? []), ...(operation.parameters ?? [])], pointer),
        requestBodies: requestBody ? await bodies(api, render, requestBody.content, `${pointer}/requestBody/content`) : [],
        responses: await buildResponses(api, render, operation.responses ?? {}, pointer),
      });
    }
  }
  return webhooks;
}
