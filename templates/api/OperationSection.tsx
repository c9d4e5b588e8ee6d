import type { ApiOperation } from './types.ts';
import { SchemaTree } from './SchemaTree.tsx';

/** One operation: what it does, its parameters, body and responses, with samples beside them. */
export function OperationSection({ operation }: { operation: ApiOperation }) {
  const groups = (['path', 'query', 'header'] as const)
    .map((location) => ({ location, parameters: operation.parameters.filter((p) => p.location === location) }))
    .filter((group) => group.parameters.length > 0);
  return (
    <section className="api-operation" id={operation.anchor} aria-labelledby={operation.titleId}>
      <div className="api-operation__main">
        <h3 id={operation.titleId} className="api-operation__title">
          {operation.summary}
          <a className="hash-link" href={`#${operation.anchor}`} aria-label={`Direct link to ${operation.summary}`} tabIndex={-1}>
            #
          </a>
        </h3>
        <p className="api-endpoint">
          <span className={`api-method api-method--${operation.method.toLowerCase()}`}>{operation.method}</span>
          <code className="api-endpoint__path">{operation.path}</code>
        </p>
        {operation.deprecated && <p className="api-deprecated">Deprecated</p>}
        <div className="markdown" dangerouslySetInnerHTML={{ __html: operation.descriptionHtml }} />
        {groups.map((group) => (
          <div key={group.location}>
            <h4 className="api-subtitle">{group.location === 'path' ? 'Path parameters' : group.location === 'query' ? 'Query parameters' : 'Headers'}</h4>
            <table className="api-params">
              <tbody>
                {group.parameters.map((parameter) => (
                  <tr key={parameter.name}>
                    <th scope="row">
                      <code>{parameter.name}</code>
                      {parameter.required && <span className="schema__required">required</span>}
                    </th>
                    <td>
                      <span className="schema__type">{parameter.schema.type}</span>
                      {parameter.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: parameter.descriptionHtml }} />}
                      {parameter.schema.enumValues && (
                        <p className="schema__meta">
                          Allowed:{' '}
                          {parameter.schema.enumValues.map((value) => (
                            <code key={value} className="schema__enum">
                              {value}
                            </code>
                          ))}
                        </p>
                      )}
                      {parameter.schema.constraints.length > 0 && <p className="schema__meta">{parameter.schema.constraints.join(' · ')}</p>}
                      {parameter.example !== undefined && (
                        <p className="schema__meta">
                          Example: <code>{parameter.example}</code>
                        </p>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
        {operation.requestBodies.map((body) => (
          <div key={body.contentType}>
            <h4 className="api-subtitle">
              Request body <code className="api-content-type">{body.contentType}</code>
              {operation.requestRequired && <span className="schema__required">required</span>}
            </h4>
            <SchemaTree node={body.schema} />
          </div>
        ))}
        <h4 className="api-subtitle">Responses</h4>
        <ul className="api-responses">
          {operation.responses.map((response) => (
            <li key={response.status} className={`api-response api-response--${response.status[0]}xx`}>
              <details open={response.status.startsWith('2')}>
                <summary>
                  <span className="api-status">{response.status}</span>
                  <span className="api-response__description" dangerouslySetInnerHTML={{ __html: response.summaryHtml }} />
                </summary>
                {response.descriptionHtml && <div className="markdown api-response__more" dangerouslySetInnerHTML={{ __html: response.descriptionHtml }} />}
                {response.headers.length > 0 && (
                  <dl className="api-response__headers">
                    {response.headers.map((header) => (
                      <div key={header.name}>
                        <dt>
                          Header <code>{header.name}</code>
                        </dt>
                        <dd dangerouslySetInnerHTML={{ __html: header.descriptionHtml ?? '' }} />
                      </div>
                    ))}
                  </dl>
                )}
                {response.bodies.map((body) =>
                  // Error responses share one schema: link to it rather than repeat it on every operation.
                  !response.status.startsWith('2') && body.schema.refName ? (
                    <p key={body.contentType} className="schema__meta">
                      Body: <a href={`#schema/${body.schema.refName}`}>{body.schema.refName}</a>
                    </p>
                  ) : (
                    <SchemaTree key={body.contentType} node={body.schema} openDepth={0} />
                  ),
                )}
              </details>
            </li>
          ))}
        </ul>
      </div>
      <div className="api-operation__samples">
        <p className="api-samples__title">Request</p>
        <div dangerouslySetInnerHTML={{ __html: operation.samplesHtml }} />
        {operation.requestBodies.find((body) => body.exampleHtml) && (
          <>
            <p className="api-samples__title">Request body example</p>
            <div dangerouslySetInnerHTML={{ __html: operation.requestBodies.find((body) => body.exampleHtml)!.exampleHtml! }} />
          </>
        )}
        {operation.responses
          .filter((response) => response.status.startsWith('2') && response.bodies.some((body) => body.exampleHtml))
          .slice(0, 1)
          .map((response) => (
            <div key={response.status}>
              <p className="api-samples__title">Response {response.status}</p>
              <div dangerouslySetInnerHTML={{ __html: response.bodies.find((body) => body.exampleHtml)!.exampleHtml! }} />
            </div>
          ))}
      </div>
    </section>
  );
}
