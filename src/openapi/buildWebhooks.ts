import type { ApiWebhook } from '../model/apiReference.ts';
import { titleIdOf, webhookAnchor } from '../model/apiAnchors.ts';
import { summaryAsText, webhookTitle } from './operationTitle.ts';
import { bodies, buildParameters, buildResponses, type PartsContext } from './operationParts.ts';
import { methods, pointerKey, resolved } from './openApiModel.ts';

/**
 * The requests the API sends to your endpoints (OpenAPI 3.1 `webhooks:`, or 3.0's `x-webhooks:`),
 * in file order. They have no path and no samples of ours to run: your server receives them, so
 * only what arrives (headers, body) and what to answer are shown. `shows` picks them by their
 * place among all of them (a page of a split reference shows a range).
 */
export async function buildWebhooks(
  context: PartsContext,
  shows: (index: number) => boolean = () => true,
): Promise<ApiWebhook[]> {
  const { api, render } = context;
  const key = api.document.webhooks ? 'webhooks' : 'x-webhooks';
  const webhooks: ApiWebhook[] = [];
  let index = 0;
  for (const [name, rawItem] of Object.entries<any>(api.document[key] ?? {})) {
    const itemPointer = `/${key}/${pointerKey(name)}`;
    const item = resolved(api, rawItem, itemPointer);
    for (const method of methods) {
      const pointer = `${itemPointer}/${method}`;
      const operation = resolved(api, item[method], pointer);
      if (!operation || !shows(index++)) continue;
      const requestBody = resolved(api, operation.requestBody, `${pointer}/requestBody`);
      webhooks.push({
        name,
        anchor: webhookAnchor(name),
        titleId: titleIdOf(webhookAnchor(name)),
        method: method.toUpperCase(),
        summary: webhookTitle(operation, name),
        descriptionHtml: await render(
          [summaryAsText(operation), operation.description, requestBody?.description].filter(Boolean).join('\n\n'),
        ),
        parameters: await buildParameters(
          context,
          [...(item.parameters ?? []), ...(operation.parameters ?? [])],
          pointer,
        ),
        requestBodies: requestBody ? await bodies(context, requestBody.content, `${pointer}/requestBody/content`) : [],
        responses: await buildResponses(context, operation.responses ?? {}, pointer),
      });
    }
  }
  return webhooks;
}
