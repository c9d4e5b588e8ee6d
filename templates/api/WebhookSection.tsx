import type { ApiWebhook } from '../../src/model/apiReference.ts';
import { EndpointHeading } from './EndpointHeading.tsx';
import { ParameterTable } from './ParameterTable.tsx';
import { ResponseList } from './ResponseList.tsx';
import { SchemaTree } from './SchemaTree.tsx';
import { ReferenceHeading } from './ReferenceHeading.tsx';

/**
 * One request the API sends to your webhook URL: the headers and body that arrive, and what to
 * answer. Laid out as an operation is (same classes), with the body example beside it.
 */
export function WebhookSection({ webhook, level }: { webhook: ApiWebhook; level: number }) {
  const example = webhook.requestBodies.find((body) => body.exampleHtml);
  return (
    <section className="api-operation api-webhook" id={webhook.anchor} aria-labelledby={webhook.titleId}>
      <div className="api-operation__main">
        <EndpointHeading
          anchor={webhook.anchor}
          titleId={webhook.titleId}
          summary={webhook.summary}
          method={webhook.method}
          path={webhook.name}
          mark={webhook.mark}
          level={level}
        />
        <div className="markdown" dangerouslySetInnerHTML={{ __html: webhook.descriptionHtml }} />
        {webhook.parameters.length > 0 && (
          <div>
            <ReferenceHeading level={level + 1} className="api-subtitle">
              Headers
            </ReferenceHeading>
            <ParameterTable parameters={webhook.parameters} />
          </div>
        )}
        {webhook.requestBodies.map((body) => (
          <div key={body.contentType}>
            <ReferenceHeading level={level + 1} className="api-subtitle">
              Request body <code className="api-content-type">{body.contentType}</code>
            </ReferenceHeading>
            <SchemaTree node={body.schema} />
          </div>
        ))}
        <ReferenceHeading level={level + 1} className="api-subtitle">
          Your responses
        </ReferenceHeading>
        <ResponseList responses={webhook.responses} isOpen={() => true} />
      </div>
      <div className="api-operation__samples">
        {example && (
          <>
            <p className="api-samples__title">Request body example</p>
            <div dangerouslySetInnerHTML={{ __html: example.exampleHtml! }} />
          </>
        )}
      </div>
    </section>
  );
}
