import type { HomeCard, PageData } from '../src/model/pageData.ts';
import { Layout } from './Layout.tsx';

/** The hero's code sample: its highlighted HTML and its caption, which is also its name for screen readers. */
export interface HeroSample {
  html: string;
  label: string;
}

/** Props of the landing page: its cards, the hero's sample and the line above its title, where "Get started" and the API reference are. */
export interface HomePageProps {
  page: PageData;
  cards: HomeCard[];
  sample?: HeroSample;
  eyebrow?: string;
  startHref?: string;
  apiHref?: string;
}

/** The landing page: what the site is for, and the ways in. */
export function HomePage({ page, cards, sample, eyebrow, startHref, apiHref }: HomePageProps) {
  const { site } = page;
  return (
    <Layout page={page} pageClass="page-home">
      <main id="__docsgen_content" tabIndex={-1}>
        <header className="hero">
          <div className={sample ? 'hero__inner' : 'hero__inner hero__inner--text'}>
            <div className="hero__text">
              {eyebrow && <p className="hero__eyebrow">{eyebrow}</p>}
              <h1 className="hero__title">{site.title}</h1>
              {site.tagline && <p className="hero__subtitle">{site.tagline}</p>}
              <div className="hero__actions">
                {startHref && (
                  <a className="button button--primary button--lg" href={startHref}>
                    Get started
                  </a>
                )}
                {apiHref && (
                  <a className="button button--secondary button--lg" href={apiHref}>
                    API reference
                  </a>
                )}
              </div>
            </div>
            {sample && (
              <figure className="hero__sample code-block">
                <figcaption className="code-block__title">{sample.label}</figcaption>
                <div dangerouslySetInnerHTML={{ __html: sample.html }} />
              </figure>
            )}
          </div>
        </header>
        {cards.length > 0 && (
          <section className="home-cards" aria-label="Where to start">
            {cards.map((card) => (
              <a key={card.href} className="card" href={card.href}>
                <h2 className="card__title">{card.title}</h2>
                {card.description && <p className="card__text">{card.description}</p>}
                <span className="card__more" aria-hidden="true">
                  Read more →
                </span>
              </a>
            ))}
          </section>
        )}
      </main>
    </Layout>
  );
}
