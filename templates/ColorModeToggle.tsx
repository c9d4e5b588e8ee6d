import { useEffect, useState } from 'react';
import { SunIcon, MoonIcon } from './icons.tsx';
import { readColorMode, writeColorMode, type ColorMode } from '../src/client/colorMode.ts';

/**
 * Light/dark switch (an island). The server cannot know the stored mode, so both icons are
 * rendered and CSS shows the right one; once hydrated the label names the current mode.
 */
export function ColorModeToggle() {
  const [mode, setMode] = useState<ColorMode | null>(null);
  useEffect(() => setMode(readColorMode()), []);
  const label = mode
    ? `Switch between dark and light mode (currently ${mode} mode)`
    : 'Switch between dark and light mode';
  return (
    <button
      type="button"
      className="color-mode-toggle"
      title={label}
      aria-label={label}
      aria-live="polite"
      onClick={() => {
        const next = (mode ?? readColorMode()) === 'dark' ? 'light' : 'dark';
        writeColorMode(next);
        setMode(next);
      }}
    >
      <SunIcon />
      <MoonIcon />
    </button>
  );
}
