import { writeStored, storageKeys } from './storage.ts';

/** Closing the announcement hides it and remembers its id (the head snippet hides it next time). */
export function initAnnouncement(): void {
  const bar = document.querySelector<HTMLElement>('.announcement');
  bar?.querySelector('.announcement__close')?.addEventListener('click', () => {
    document.documentElement.setAttribute('data-announcement-dismissed', '');
    writeStored(storageKeys.announcementDismissed, bar.dataset.announcementId ?? '');
  });
}
