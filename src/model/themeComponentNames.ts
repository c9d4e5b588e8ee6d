/**
 * The theme's components a project may replace with its own (config `components`, as Starlight's
 * component overrides): each renders on the server only, and its props type is exported from
 * 'docsgen' (`FooterProps`…).
 */
export const themeComponentNames = ['AnnouncementBar', 'Breadcrumbs', 'DocFooter', 'Footer', 'PrevNextLinks'] as const;

export type ThemeComponentName = (typeof themeComponentNames)[number];
