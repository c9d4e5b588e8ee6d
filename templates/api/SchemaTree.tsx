import type { SchemaNode } from '../../src/model/apiReference.ts';
import { SchemaConstraints } from './SchemaConstraints.tsx';
import { ChangeMarkBadge } from './ChangeMarkBadge.tsx';
import { AllowedValues } from './AllowedValues.tsx';

/** A schema as an expandable tree: nested objects and arrays fold open with <details>, no JavaScript. */
export function SchemaTree({ node, openDepth = 1 }: { node: SchemaNode; openDepth?: number }) {
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
      {node.enumValues && <AllowedValues values={node.enumValues} marks={node.enumMarks} />}
      {node.defaultValue !== undefined && (
        <p className="schema__meta">
          Default: <code>{node.defaultValue}</code>
        </p>
      )}
      <SchemaConstraints schema={node} />
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
