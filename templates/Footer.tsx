import type { SiteData } from '../src/model/pageData.ts';
import { ExternalIcon } from './icons.tsx';

/** The footer: logo, links and copyright. */
export function Footer({ footer }: { footer: SiteData['footer'] }) {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <a className="footer__logo" href={footer.logo.href} target="_blank" rel="noopener noreferrer">
          <img src={footer.logo.src} alt={footer.logo.alt} width="40" height="40" />
        </a>
        <ul className="footer__links">
          {footer.links.map((link) => (
            <li key={link.href}>
              <a
                className="footer__link"
                href={link.href}
                {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {link.label}
                {link.external && <ExternalIcon />}
              </a>
            </li>
          ))}
        </ul>
        <p className="footer__copyright">{footer.copyright}</p>
      </div>
    </footer>
  );
}
