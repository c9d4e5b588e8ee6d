import type { Diff } from 'api-smart-diff';
import type { ChangeTarget } from '../model/apiChanges.ts';
import { eachItem, genericReading, onlyOn, sideOf, verb, type Key, type Reading } from './reading.ts';

/** A diff of security requirements (`index`, `scheme`, `scope` below `keys`), an operation's or the API's. */
export function readSecurity(
  diff: Diff,
  [index, scheme, scope]: Key[],
  prefix: 'api-security' | 'api-global-security',
  keys: Key[],
): Reading[] {
  if (diff.action === 'replace') return [genericReading(diff, { kind: 'security' }, 'the security requirements', keys)];
  const side = sideOf(diff);
  const value = diff.action === 'add' ? diff.after : diff.before;
  const whose = prefix === 'api-security' ? 'the operation' : 'the API';
  if (index === undefined) {
    // Security added or removed whole: one change per requirement.
    return eachItem(diff, (requirement, position) => readSecurity(requirement, [position], prefix, keys));
  }
  if (scope !== undefined) {
    return [
      {
        target: { kind: 'security', scheme: String(scheme) },
        rule: `${prefix}-scope-${verb(diff)}`,
        message: `${verb(diff)} the scope ${String(value)} ${diff.action === 'add' ? 'to' : 'from'} the security requirement ${String(scheme)} of ${whose}`,
        value,
        ...onlyOn(side, [...keys, index, scheme]),
      },
    ];
  }
  const requirement: Record<string, unknown> = scheme === undefined ? (value ?? {}) : { [scheme]: value };
  const described =
    Object.entries(requirement)
      .map(([name, scopes]) => (Array.isArray(scopes) && scopes.length ? `${name} (${scopes.join(', ')})` : name))
      .join(' and ') || 'none';
  const schemeName = scheme === undefined ? Object.keys(requirement).join(' and ') : String(scheme);
  return [
    {
      target: { kind: 'security', scheme: schemeName || undefined },
      rule: `${prefix}-${verb(diff)}`,
      message: `${verb(diff)} the security requirement ${described} ${diff.action === 'add' ? 'to' : 'from'} ${whose}`,
      ...onlyOn(side, scheme === undefined ? [...keys, index] : [...keys, index, scheme]),
    },
  ];
}

/** A diff of a security scheme (`components/securitySchemes`). */
export function readSecurityScheme(diff: Diff): Reading {
  const [, , name, ...inside] = diff.path as Key[];
  const target: ChangeTarget = { kind: 'security', scheme: String(name) };
  const keys: Key[] = ['components', 'securitySchemes', name];
  if (inside.length === 0 && diff.action !== 'replace') {
    return {
      target,
      rule: `api-security-component-${verb(diff)}`,
      message: `${verb(diff)} the security scheme ${String(name)}`,
      ...onlyOn(sideOf(diff), keys),
    };
  }
  return genericReading(diff, target, `the security scheme ${String(name)}`, [...keys, ...inside]);
}
