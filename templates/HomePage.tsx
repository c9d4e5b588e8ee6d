import type { HomeCard, PageData } from '../src/model/pageData.ts';
import { Layout } from './Layout.tsx';

/** Props of the landing page: its cards, the hero's sample and the line above its title, the API reference's link. */
export interface HomePageProps {
  page: PageData;
  cards: HomeCard[];
  sample: string;
  sampleLabel: string;
  eyebrow: string;
  apiHref?: string;
}

/** The landing page: what the API is for, and the four ways in. */
export function HomePage({ page, cards, sample, sampleLabel, eyebrow, apiHref }: HomePageProps) {
  const { site } = page;
  return (
    <Layout page={page} pageClass="page-home">
      <main id="__docsgen_content" tabIndex={-1}>
        <header className="hero">
          <div className="hero__inner">
            <div className="hero__text">
              <p className="hero__eyebrow">{eyebrow}</p>
              <h1 className="hero__title">{site.title}</h1>
              <p className="hero__subtitle">{site.tagline}</p>
              <div className="hero__actions">
                <a className="button button--primary button--lg" href={cards[0]?.href}>
                  Get started
                </a>
                {apiHref && (
                  <a className="button button--secondary button--lg" href={apiHref}>
                    API reference
                  </a>
                )}
              </div>
            </div>
            <figure className="hero__sample code-block">
              <figcaption className="code-block__title">{sampleLabel}</figcaption>
              <div dangerouslySetInnerHTML={{ __html: sample }} />
            </figure>
          </div>
        </header>
        <section className="home-cards" aria-label="Where to start">
          {cards.map((card) => (
            <a key={card.href} className="card" href={card.href}>
              <h2 className="card__title">{card.title}</h2>
              <p className="card__text">{card.description}</p>
              <span className="card__more" aria-hidden="true">
                Read more →
              </span>
            </a>
          ))}
        </section>
      </main>
    </Layout>
  );
}
