import type { ApiOperation } from '../../src/model/apiReference.ts';
import { EndpointHeading } from './EndpointHeading.tsx';
import { ParameterTable } from './ParameterTable.tsx';
import { ResponseList } from './ResponseList.tsx';
import { SchemaTree } from './SchemaTree.tsx';
import { ReferenceHeading } from './ReferenceHeading.tsx';
import { SecurityRequirement } from './SecurityRequirement.tsx';

/** One operation: what it does, its parameters, body and responses, with samples beside them. */
export function OperationSection({
  operation,
  apiHasSecurity,
  level,
}: {
  operation: ApiOperation;
  apiHasSecurity: boolean;
  /** Its title's level (EndpointHeading); its parts' titles one below. */
  level: number;
}) {
  const groups = (['path', 'query', 'header'] as const)
    .map((location) => ({ location, parameters: operation.parameters.filter((p) => p.location === location) }))
    .filter((group) => group.parameters.length > 0);
  return (
    <section className="api-operation" id={operation.anchor} aria-labelledby={operation.titleId}>
      <div className="api-operation__main">
        <EndpointHeading
          anchor={operation.anchor}
          titleId={operation.titleId}
          summary={operation.summary}
          method={operation.method}
          path={operation.path}
          mark={operation.mark}
          level={level}
        />
        {operation.deprecated && <p className="api-deprecated">Deprecated</p>}
        {apiHasSecurity && <SecurityRequirement requirements={operation.security} />}
        <div className="markdown" dangerouslySetInnerHTML={{ __html: operation.descriptionHtml }} />
        {groups.map((group) => (
          <div key={group.location}>
            <ReferenceHeading level={level + 1} className="api-subtitle">
              {group.location === 'path'
                ? 'Path parameters'
                : group.location === 'query'
                  ? 'Query parameters'
                  : 'Headers'}
            </ReferenceHeading>
            <ParameterTable parameters={group.parameters} />
          </div>
        ))}
        {operation.requestBodies.map((body) => (
          <div key={body.contentType}>
            <ReferenceHeading level={level + 1} className="api-subtitle">
              Request body <code className="api-content-type">{body.contentType}</code>
              {operation.requestRequired && <span className="schema__required">required</span>}
            </ReferenceHeading>
            <SchemaTree node={body.schema} />
          </div>
        ))}
        <ReferenceHeading level={level + 1} className="api-subtitle">
          Responses
        </ReferenceHeading>
        <ResponseList responses={operation.responses} isOpen={(status) => status.startsWith('2')} />
      </div>
      <div className="api-operation__samples">
        <p className="api-samples__title">Request</p>
        <div data-sample-base={operation.sampleBaseUrl} dangerouslySetInnerHTML={{ __html: operation.samplesHtml }} />
        {operation.requestBodies.find((body) => body.exampleHtml) && (
          <>
            <p className="api-samples__title">Request body example</p>
            <div
              dangerouslySetInnerHTML={{
                __html: operation.requestBodies.find((body) => body.exampleHtml)!.exampleHtml!,
              }}
            />
          </>
        )}
        {operation.responses
          .filter((response) => response.status.startsWith('2') && response.bodies.some((body) => body.exampleHtml))
          .slice(0, 1)
          .map((response) => (
            <div key={response.status}>
              <p className="api-samples__title">Response {response.status}</p>
              <div
                dangerouslySetInnerHTML={{ __html: response.bodies.find((body) => body.exampleHtml)!.exampleHtml! }}
              />
            </div>
          ))}
      </div>
    </section>
  );
}
