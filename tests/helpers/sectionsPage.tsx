import { RenderedApart } from '../../templates/RenderedApart.tsx';
import { themeComponents, useThemeComponents } from '../../templates/themeComponents.tsx';
import type { PrevNextLinksProps } from '../../templates/PrevNextLinks.tsx';

/**
 * A page whose content's sections are put apart (templates/RenderedApart.tsx), one inside
 * another, with apostrophes in each (and in a script, kept as written) and a theme component in
 * each, which `sectionsComponents` replaces.
 */
export function SectionsPage({ names }: { names: string[] }) {
  return (
    <html lang="en">
      <head>
        <meta name="description" content="It's a page" />
        <script dangerouslySetInnerHTML={{ __html: "var kept = '&#x27;';" }} />
      </head>
      <body>
        <main id="__docsgen_content">
          <p>Before the sections, it&apos;s text</p>
          {names.map((name) => (
            <RenderedApart key={name}>
              <section id={name} title={`${name}'s`}>
                <h2>{name}&apos;s section</h2>
                <script dangerouslySetInnerHTML={{ __html: `var s = '${name}&#x27;';` }} />
                <RenderedApart>
                  <p>Inside {name}&apos;s</p>
                </RenderedApart>
                <Previous name={name} />
              </section>
            </RenderedApart>
          ))}
          <p>After them</p>
        </main>
      </body>
    </html>
  );
}

/** The theme's PrevNextLinks, or the project's, read where it is rendered (in a piece put apart). */
function Previous({ name }: { name: string }) {
  const { PrevNextLinks } = useThemeComponents();
  return <PrevNextLinks previous={{ href: `/${name}/`, label: `${name}'s previous` }} />;
}

/** The theme's components with PrevNextLinks replaced, as a project's would be. */
export const sectionsComponents = {
  ...themeComponents,
  PrevNextLinks: ({ previous }: PrevNextLinksProps) => <a>{previous?.label} (the project&apos;s)</a>,
};
