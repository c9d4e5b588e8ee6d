import type { SiteData } from '../src/model/pageData.ts';
import { ExternalIcon } from './icons.tsx';

/** What the footer receives (and a project's replacement for it: config `components.Footer`). */
export interface FooterProps {
  footer: SiteData['footer'];
}

/** The footer: logo, links and copyright, each when the config gives it; nothing when it gives none. */
export function Footer({ footer }: FooterProps) {
  if (!footer.logo && footer.links.length === 0 && !footer.copyright) return null;
  return (
    <footer className="footer">
      <div className="footer__inner">
        {footer.logo && (
          <a className="footer__logo" href={footer.logo.href} target="_blank" rel="noopener noreferrer">
            <img src={footer.logo.src} alt={footer.logo.alt} width="40" height="40" />
          </a>
        )}
        {footer.links.length > 0 && (
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
        )}
        {footer.copyright && <p className="footer__copyright">{footer.copyright}</p>}
      </div>
    </footer>
  );
}
