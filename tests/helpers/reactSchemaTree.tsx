// The schema tree's React components as they were before schemaHtml.ts wrote its properties as strings
// (templates/api/SchemaTree.tsx, AllowedValues.tsx, SchemaConstraints.tsx at 41bbf2a): the definition
// tests/templates/schemaHtml.test.ts holds the writer to, element for element.
import { Fragment } from 'react';
import type { ChangeMark, SchemaNode } from '../../src/model/apiReference.ts';
import { ChangeMarkBadge } from '../../templates/api/ChangeMarkBadge.tsx';

/** A schema as an expandable tree: nested objects and arrays fold open with <details>, no JavaScript. */
export function ReactSchemaTree({ node, openDepth = 1 }: { node: SchemaNode; openDepth?: number }) {
  if (node.children.length === 0) return <SchemaSummary node={node} />;
  return (
    <div className="schema">
      {(node.descriptionHtml || node.constraints.length > 0 || node.pattern !== undefined || node.enumValues) && (
        <SchemaSummary node={node} />
      )}
      {node.variants && (
        <p className="schema__variants">{node.variants === 'one of' ? 'Exactly one of:' : 'Any of:'}</p>
      )}
      <ul className="schema__properties">
        {node.children.map((child, index) => (
          <SchemaProperty key={`${child.name ?? ''}-${index}`} node={child} depth={1} openDepth={openDepth} />
        ))}
      </ul>
    </div>
  );
}

function SchemaProperty({ node, depth, openDepth }: { node: SchemaNode; depth: number; openDepth: number }) {
  const expandable = node.children.length > 0;
  // A link may not sit inside <summary> (itself interactive): expandable nodes link from their body.
  const head = (
    <>
      <code className="schema__name">{node.name}</code>
      <span className="schema__type">
        {node.refName && !expandable ? <a href={node.refHref}>{node.type}</a> : node.type}
      </span>
      {node.required && <span className="schema__required">required</span>}
      {node.readOnly && <span className="schema__flag">read-only</span>}
      <ChangeMarkBadge mark={node.mark} />
    </>
  );
  if (node.children.length === 0) {
    return (
      <li className="schema__property">
        <div className="schema__head">{head}</div>
        <SchemaDetails node={node} />
      </li>
    );
  }
  return (
    <li className="schema__property">
      <details open={depth < openDepth}>
        <summary className="schema__head">{head}</summary>
        {node.refName && (
          <p className="schema__meta">
            Schema: <a href={node.refHref}>{node.refName}</a>
          </p>
        )}
        <SchemaDetails node={node} />
        {node.variants && (
          <p className="schema__variants">{node.variants === 'one of' ? 'Exactly one of:' : 'Any of:'}</p>
        )}
        <ul className="schema__properties">
          {node.children.map((child, index) => (
            <SchemaProperty key={`${child.name ?? ''}-${index}`} node={child} depth={depth + 1} openDepth={openDepth} />
          ))}
        </ul>
      </details>
    </li>
  );
}

function SchemaDetails({ node }: { node: SchemaNode }) {
  return (
    <div className="schema__details">
      {node.descriptionHtml && (
        <div className="schema__description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} />
      )}
      {node.enumValues && <ReactAllowedValues values={node.enumValues} marks={node.enumMarks} />}
      {node.defaultValue !== undefined && (
        <p className="schema__meta">
          Default: <code>{node.defaultValue}</code>
        </p>
      )}
      <ReactSchemaConstraints schema={node} />
    </div>
  );
}

function SchemaSummary({ node }: { node: SchemaNode }) {
  return (
    <div className="schema__root">
      <span className="schema__type">{node.type}</span>
      <SchemaDetails node={node} />
    </div>
  );
}

/** Lists longer than this show their first `foldedShown` values, and the others on request (GitHub's event lists run to 80). */
const foldAbove = 20;
const foldedShown = 10;

/**
 * A schema's or parameter's allowed values (`enum`, `const`), each as code, and "New in" beside
 * those its version added (`marks`); a long list folded after its first ten.
 */
export function ReactAllowedValues({ values, marks }: { values: string[]; marks?: Record<string, ChangeMark> }) {
  const codes = (list: string[]) =>
    list.map((value, index) => (
      <Fragment key={index}>
        <code className="schema__enum">{value}</code>
        <ChangeMarkBadge mark={marks?.[value]} />
      </Fragment>
    ));
  if (values.length <= foldAbove) return <p className="schema__meta">Allowed: {codes(values)}</p>;
  return (
    <div className="schema__meta">
      Allowed: {codes(values.slice(0, foldedShown))}
      <details className="schema__more">
        <summary>{values.length - foldedShown} more values</summary>
        {codes(values.slice(foldedShown))}
      </details>
    </div>
  );
}

/** A schema's constraints on one line (`2 to 20 characters · matches ^[a-z]+$`), its pattern as code. */
export function ReactSchemaConstraints({ schema }: { schema: Pick<SchemaNode, 'constraints' | 'pattern'> }) {
  if (schema.constraints.length === 0 && schema.pattern === undefined) return null;
  return (
    <p className="schema__meta">
      {schema.constraints.join(' · ')}
      {schema.pattern !== undefined && (
        <>
          {schema.constraints.length > 0 && ' · '}matches <code>{schema.pattern}</code>
        </>
      )}
    </p>
  );
}
