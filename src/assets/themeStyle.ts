import type { DocsgenConfig } from '../config/schema.ts';

/** Shades of a brand colour, as the theme's tokens name them (templates/styles/tokens.css), mixed in the browser. */
function primaryTokens(color: string, toward: '#000' | '#fff', away: '#000' | '#fff'): string {
  const mix = (share: number, other: string) => `color-mix(in srgb, ${color} ${share}%, ${other})`;
  return [
    `--color-primary: ${color}`,
    `--color-primary-dark: ${mix(90, toward)}`,
    `--color-primary-darker: ${mix(80, toward)}`,
    `--color-primary-light: ${mix(85, away)}`,
    `--color-primary-contrast: ${mix(8, away === '#fff' ? '#fff' : '#000')}`,
    `--color-active-bg: ${mix(8, 'transparent')}`,
    `--color-code-highlight: ${mix(7, 'transparent')}`,
  ].join('; ');
}

/**
 * The config's brand colours and fonts as the theme's CSS custom properties, for a `<style>`
 * after the theme's stylesheet; undefined when the config sets none. The values are checked
 * by the schema (hex colours, font-family lists), so nothing else reaches the page's style.
 */
export function themeStyleOf({ theme }: Pick<DocsgenConfig, 'theme'>): string | undefined {
  const light = [
    theme.primaryColor && primaryTokens(theme.primaryColor, '#000', '#fff'),
    theme.font && `--font-body: ${theme.font}`,
    theme.monoFont && `--font-mono: ${theme.monoFont}`,
  ].filter(Boolean);
  const rules = [
    light.length > 0 && `:root { ${light.join('; ')} }`,
    theme.primaryColorDark && `[data-theme='dark'] { ${primaryTokens(theme.primaryColorDark, '#fff', '#000')} }`,
  ].filter(Boolean);
  return rules.length > 0 ? rules.join('\n') : undefined;
}
