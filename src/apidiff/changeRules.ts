import type { DiffType } from 'api-smart-diff';
import type { ApiChange, ChangeClass } from '../model/apiChanges.ts';

/**
 * oasdiff's level of each of its checks that docsgen names (oasdiff `checker/rules.go`): ERR a
 * definite break, WARN a potential one it cannot confirm, INFO none. `oasdiff breaking` reports
 * ERR and WARN; docsgen calls both breaking, since a CI gate should stop on either.
 */
const oasdiffLevels: Record<string, 'ERR' | 'WARN' | 'INFO'> = {
  'endpoint-added': 'INFO',
  'api-removed-without-deprecation': 'ERR',
  'api-removed-with-deprecation': 'INFO',
  'endpoint-deprecated': 'INFO',
  'endpoint-reactivated': 'INFO',
  'webhook-added': 'INFO',
  'webhook-removed': 'ERR',
  'new-required-request-parameter': 'ERR',
  'new-optional-request-parameter': 'INFO',
  'request-parameter-removed': 'WARN',
  'request-parameter-became-required': 'ERR',
  'request-parameter-became-optional': 'INFO',
  'request-parameter-deprecated': 'INFO',
  'request-parameter-enum-value-added': 'INFO',
  'request-parameter-enum-value-removed': 'ERR',
  'request-parameter-type-changed': 'ERR',
  'request-parameter-became-nullable': 'INFO',
  'request-parameter-became-not-nullable': 'ERR',
  'request-parameter-property-enum-value-added': 'INFO',
  'request-parameter-property-enum-value-removed': 'ERR',
  'request-body-added-required': 'ERR',
  'request-body-added-optional': 'INFO',
  'request-body-removed': 'ERR',
  'request-body-became-required': 'ERR',
  'request-body-became-optional': 'INFO',
  'request-body-media-type-added': 'INFO',
  'request-body-media-type-removed': 'ERR',
  'request-body-enum-value-removed': 'ERR',
  'request-body-type-changed': 'ERR',
  'request-body-became-nullable': 'INFO',
  'request-body-became-not-nullable': 'ERR',
  'request-parameter-property-type-changed': 'WARN',
  'request-parameter-property-became-nullable': 'INFO',
  'request-parameter-property-became-not-nullable': 'ERR',
  'new-required-request-property': 'ERR',
  'new-optional-request-property': 'INFO',
  'request-property-removed': 'WARN',
  'request-property-became-required': 'ERR',
  'request-property-became-optional': 'INFO',
  'request-property-enum-value-added': 'INFO',
  'request-property-enum-value-removed': 'ERR',
  'request-property-type-changed': 'ERR',
  'request-property-became-nullable': 'INFO',
  'request-property-became-not-nullable': 'ERR',
  'request-property-deprecated': 'INFO',
  'response-success-status-added': 'INFO',
  'response-success-status-removed': 'ERR',
  'response-non-success-status-added': 'INFO',
  'response-non-success-status-removed': 'INFO',
  'response-media-type-added': 'INFO',
  'response-media-type-removed': 'ERR',
  'response-required-property-added': 'INFO',
  'response-optional-property-added': 'INFO',
  'response-required-property-removed': 'ERR',
  'response-optional-property-removed': 'WARN',
  'response-property-became-optional': 'ERR',
  'response-property-became-required': 'INFO',
  'response-property-enum-value-added': 'WARN',
  'response-property-enum-value-removed': 'INFO',
  'response-property-type-changed': 'ERR',
  'response-property-became-nullable': 'ERR',
  'response-property-became-not-nullable': 'INFO',
  'response-property-deprecated': 'INFO',
  'response-body-type-changed': 'ERR',
  'response-body-became-nullable': 'ERR',
  'response-body-became-not-nullable': 'INFO',
  'response-header-added': 'INFO',
  'required-response-header-removed': 'ERR',
  'optional-response-header-removed': 'WARN',
  'response-header-became-optional': 'ERR',
  'api-security-added': 'INFO',
  'api-security-removed': 'INFO',
  'api-security-scope-added': 'INFO',
  'api-security-scope-removed': 'INFO',
  'api-global-security-added': 'INFO',
  'api-global-security-removed': 'INFO',
  'api-global-security-scope-added': 'INFO',
  'api-global-security-scope-removed': 'INFO',
  'api-security-component-added': 'INFO',
  'api-security-component-removed': 'INFO',
};

/**
 * Optic's breaking-changes ruleset (`standard-rulesets/src/breaking-changes`), by the oasdiff check
 * it matches: where oasdiff says INFO and Optic fails the change, docsgen calls it breaking.
 */
const opticRules: Record<string, string> = {
  'api-removed-without-deprecation': 'preventOperationRemoval',
  'api-removed-with-deprecation': 'preventOperationRemoval',
  'new-required-request-parameter': 'preventNewRequiredParameter',
  'request-parameter-became-required': 'preventRequireExistingParameter',
  'request-parameter-enum-value-removed': 'preventEnumBreak',
  'request-parameter-type-changed': 'preventParameterTypeChange',
  'request-property-became-required': 'preventRequestPropertyRequired',
  'request-property-enum-value-removed': 'preventEnumBreak',
  'request-property-type-changed': 'preventRequestPropertyTypeChange',
  'response-success-status-removed': 'preventResponseStatusCodeRemoval',
  'response-non-success-status-removed': 'preventResponseStatusCodeRemoval',
  'response-required-property-removed': 'preventResponsePropertyRemoval',
  'response-optional-property-removed': 'preventResponsePropertyRemoval',
  'response-property-became-optional': 'preventResponsePropertyOptional',
  'response-property-enum-value-added': 'preventEnumBreak',
  'response-property-type-changed': 'preventResponsePropertyTypeChange',
};

/** The rule of changes no oasdiff check names: the diff library's own classification decides. */
export const libraryRule = 'api-smart-diff';

/** Whether docsgen names a rule after an oasdiff check (else a change is under `libraryRule`). */
export const isNamedRule = (rule: string) => Object.hasOwn(oasdiffLevels, rule);

/**
 * Security changes: oasdiff reports every one at INFO (`api-security-removed`…) and Optic has no
 * rule for them. The library's call is kept: a security requirement the new description no longer
 * accepts refuses the clients that hold only those credentials, so removing one is breaking.
 */
const isSecurityRule = (rule: string) => rule.startsWith('api-security-') || rule.startsWith('api-global-security-');

/**
 * Except for scopes, which the library classifies the wrong way round (adding one non-breaking,
 * removing one breaking): OpenAPI's Security Requirement Object lists the scopes an operation
 * requires, so a scope added refuses tokens granted without it, and a scope removed refuses none.
 */
const scopeRules: Record<string, ChangeClass> = {
  'api-security-scope-added': 'breaking',
  'api-security-scope-removed': 'non-breaking',
  'api-global-security-scope-added': 'breaking',
  'api-global-security-scope-removed': 'non-breaking',
};

/** What the library's classification means in docsgen's two classes (annotations and unclassified changes have none). */
const libraryClass = (type: DiffType): ChangeClass | undefined =>
  type === 'breaking' ? 'breaking' : type === 'non-breaking' || type === 'deprecated' ? 'non-breaking' : undefined;

/**
 * Classifies a change under `rule`: by oasdiff's level and Optic's rules where they name it, by
 * the library otherwise; where the two differ, says so and why.
 */
export function classifyChange(rule: string, library: DiffType): Pick<ApiChange, 'classification' | 'overrides'> {
  const level = oasdiffLevels[rule];
  const scope = scopeRules[rule];
  if (scope) {
    const because = `OpenAPI Security Requirement Object (its scopes are required); oasdiff ${rule} (INFO)`;
    return libraryClass(library) === scope
      ? { classification: scope }
      : { classification: scope, overrides: { library, because } };
  }
  if (level === undefined || isSecurityRule(rule)) return { classification: libraryClass(library) ?? 'non-breaking' };
  const optic = opticRules[rule];
  const classification: ChangeClass = level !== 'INFO' || optic ? 'breaking' : 'non-breaking';
  if (libraryClass(library) === classification) return { classification };
  return {
    classification,
    overrides: { library, because: `oasdiff ${rule} (${level})${optic ? `; Optic ${optic}` : ''}` },
  };
}

/** Every rule docsgen names, with its class: the README's table is checked against it. */
export function namedRules(): {
  rule: string;
  oasdiff: string;
  optic?: string;
  classification: ChangeClass | 'library';
}[] {
  return Object.entries(oasdiffLevels).map(([rule, level]) => ({
    rule,
    oasdiff: level,
    optic: opticRules[rule],
    classification:
      scopeRules[rule] ??
      (isSecurityRule(rule) ? 'library' : level !== 'INFO' || opticRules[rule] ? 'breaking' : 'non-breaking'),
  }));
}
