import type { SiteData } from '../src/model/pageData.ts';
import { CloseIcon } from './icons.tsx';

/** What the announcement bar receives (and a project's replacement for it: config `components.AnnouncementBar`). */
export interface AnnouncementBarProps {
  announcement: NonNullable<SiteData['announcement']>;
}

/** A closable bar above the navbar; the head snippet hides it before paint once it was closed. */
export function AnnouncementBar({ announcement }: AnnouncementBarProps) {
  return (
    <section className="announcement" aria-label="Announcement" data-announcement-id={announcement.id}>
      <div className="announcement__content">
        {announcement.href ? <a href={announcement.href}>{announcement.content}</a> : announcement.content}
      </div>
      {announcement.isCloseable && (
        <button type="button" className="announcement__close" aria-label="Close announcement">
          <CloseIcon />
        </button>
      )}
    </section>
  );
}
