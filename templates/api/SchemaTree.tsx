import type { SchemaNode } from '../../src/model/apiReference.ts';
import { schemaDetailsContent, schemaPropertiesHtml, variantsLabel } from './schemaHtml.ts';

/**
 * A schema as an expandable tree: nested objects and arrays fold open with <details>, no
 * JavaScript. Its properties are written as HTML by schemaHtml.ts (most of an API page's elements).
 */
export function SchemaTree({ node, openDepth = 1 }: { node: SchemaNode; openDepth?: number }) {
  if (node.children.length === 0) return <SchemaSummary node={node} />;
  return (
    <div className="schema">
      {(node.descriptionHtml || node.constraints.length > 0 || node.pattern !== undefined || node.enumValues) && (
        <SchemaSummary node={node} />
      )}
      {node.variants && <p className="schema__variants">{variantsLabel(node.variants)}</p>}
      <ul
        className="schema__properties"
        dangerouslySetInnerHTML={{ __html: schemaPropertiesHtml(node.children, 1, openDepth) }}
      />
    </div>
  );
}

function SchemaSummary({ node }: { node: SchemaNode }) {
  return (
    <div className="schema__root">
      <span className="schema__type">{node.type}</span>
      <div className="schema__details" dangerouslySetInnerHTML={{ __html: schemaDetailsContent(node) }} />
    </div>
  );
}
