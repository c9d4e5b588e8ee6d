import type { ThemeRegistration } from 'shiki';
import githubLightHighContrast from '@shikijs/themes/github-light-high-contrast';
import githubDarkHighContrast from '@shikijs/themes/github-dark-high-contrast';

/**
 * GitHub's light and dark themes as one Shiki theme, so each code block is tokenized once
 * instead of once per theme (the light and dark rule lists match scope for scope; only colours
 * differ). Each distinct (light, dark) colour pair becomes a placeholder colour that the
 * highlighter turns into a class, `tN`; the stylesheet gives every class its two colours.
 */
export interface PairedTheme {
  theme: ThemeRegistration & { name: string };
  /** Placeholder colour (lower-case hex) → class name. */
  classByPlaceholder: Map<string, string>;
  /** Class name → [light, dark] colour. */
  colors: Map<string, [string, string]>;
}

const placeholder = (index: number) => `#${index.toString(16).padStart(6, '0')}`;

function sameScopes(a: ThemeRegistration, b: ThemeRegistration): boolean {
  const scopes = (theme: ThemeRegistration) => (theme.tokenColors ?? []).map((rule) => JSON.stringify(rule.scope));
  const [left, right] = [scopes(a), scopes(b)];
  return left.length === right.length && left.every((scope, index) => scope === right[index]);
}

/** Two themes with the same rules as one: each token's light and dark colour in one class. */
export function pairThemes(light: ThemeRegistration, dark: ThemeRegistration): PairedTheme {
  if (!sameScopes(light, dark))
    throw new Error(`themes ${light.name} and ${dark.name} do not share their rules; they cannot be paired`);
  const placeholderByPair = new Map<string, string>();
  const classByPlaceholder = new Map<string, string>();
  const colors = new Map<string, [string, string]>();
  const placeholderFor = (lightColor: string, darkColor: string) => {
    const pair: [string, string] = [lightColor.toLowerCase(), darkColor.toLowerCase()];
    let found = placeholderByPair.get(pair.join(' '));
    if (!found) {
      const name = `t${colors.size}`;
      found = placeholder(colors.size + 1);
      placeholderByPair.set(pair.join(' '), found);
      classByPlaceholder.set(found, name);
      colors.set(name, pair);
    }
    return found;
  };
  const foreground = placeholderFor(light.colors!['editor.foreground']!, dark.colors!['editor.foreground']!);
  const darkRules = dark.tokenColors!;
  const tokenColors = light.tokenColors!.map((rule, index) => {
    const lightColor = rule.settings.foreground;
    const darkColor = darkRules[index].settings.foreground;
    if (!lightColor || !darkColor) return rule;
    return { ...rule, settings: { ...rule.settings, foreground: placeholderFor(lightColor, darkColor) } };
  });
  return {
    theme: {
      name: 'github-default-paired',
      type: 'light',
      colors: { 'editor.foreground': foreground, 'editor.background': '#ffffff' },
      tokenColors,
    },
    classByPlaceholder,
    colors,
  };
}

/**
 * GitHub's high-contrast themes, whose token colours meet WCAG AAA's 7:1 on their backgrounds
 * (the default themes' red, purple and comments are 4.5–5.4:1), but for the light comment colour
 * (#66707b, 5.0:1 on white): it takes the theme's own muted grey, #4b535d (7.8:1).
 */
export const codeThemes = {
  light: {
    ...githubLightHighContrast,
    tokenColors: githubLightHighContrast.tokenColors!.map((rule) =>
      rule.settings.foreground === '#66707b'
        ? { ...rule, settings: { ...rule.settings, foreground: '#4b535d' } }
        : rule,
    ),
  },
  dark: githubDarkHighContrast,
} satisfies Record<string, ThemeRegistration>;

/** The paired code themes, light and dark, tokenized once. */
export const githubPaired = pairThemes(codeThemes.light, codeThemes.dark);

/** The stylesheet rules that colour the classes, light by default and dark under [data-theme='dark']. */
export function pairedThemeCss({ colors }: PairedTheme): string {
  const rules = [...colors].map(([name, [light]]) => `.shiki .${name} { color: ${light}; }`);
  const darkRules = [...colors].map(([name, [, dark]]) => `[data-theme='dark'] .shiki .${name} { color: ${dark}; }`);
  return [...rules, ...darkRules].join('\n');
}
