import { Fragment } from 'react';
import type { ApiParameter } from '../../src/model/apiReference.ts';
import { AllowedValues } from './AllowedValues.tsx';
import { SchemaConstraints } from './SchemaConstraints.tsx';
import { ChangeMarkBadge } from './ChangeMarkBadge.tsx';

/** Parameters of one location (path, query, header): name, whether required, type, description, allowed values, example. */
export function ParameterTable({ parameters }: { parameters: ApiParameter[] }) {
  return (
    <table className="api-params">
      <tbody>
        {parameters.map((parameter) => (
          <tr key={parameter.name}>
            <th scope="row">
              <code>{parameter.name}</code>
              {parameter.required && <span className="schema__required">required</span>}
              <ChangeMarkBadge mark={parameter.mark} />
            </th>
            <td>
              <span className="schema__type">{parameter.schema.type}</span>
              {parameter.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: parameter.descriptionHtml }} />}
              {parameter.schema.enumValues && (
                <AllowedValues values={parameter.schema.enumValues} marks={parameter.schema.enumMarks} />
              )}
              <SchemaConstraints schema={parameter.schema} />
              {parameter.examples ? (
                <p className="schema__meta">
                  Examples:{' '}
                  {parameter.examples.map((example, index) => (
                    <Fragment key={index}>
                      {index > 0 && ', '}
                      <code>{example.value}</code> ({example.label})
                    </Fragment>
                  ))}
                </p>
              ) : (
                parameter.example !== undefined && (
                  <p className="schema__meta">
                    Example: <code>{parameter.example}</code>
                  </p>
                )
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
