import { createContext, useContext, type ComponentType } from 'react';
import type { ThemeComponentName } from '../src/model/themeComponentNames.ts';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { DocFooter } from './DocFooter.tsx';
import { Footer } from './Footer.tsx';
import { PrevNextLinks } from './PrevNextLinks.tsx';

/** The theme's own components that a project may replace (src/model/themeComponentNames.ts). */
export const themeComponents = {
  AnnouncementBar,
  Breadcrumbs,
  DocFooter,
  Footer,
  PrevNextLinks,
} satisfies Record<ThemeComponentName, ComponentType<any>>;

export type ThemeComponents = typeof themeComponents;

const ThemeComponentsContext = createContext<ThemeComponents>(themeComponents);

/** Gives the page below it the project's components in place of the theme's (src/render/renderPage.ts). */
export const ThemeComponentsProvider = ThemeComponentsContext.Provider;

/** The components a page renders: the project's replacements where it has them, else the theme's own. */
export const useThemeComponents = (): ThemeComponents => useContext(ThemeComponentsContext);
