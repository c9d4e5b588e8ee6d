import { storageKeys } from './storage.ts';

/**
 * The one render-blocking script: applies the stored colour mode and the closed announcement
 * (when its id, on `<html data-announcement>`, is the one stored) before first paint, so there is no flash. It never follows the system preference. Kept as a
 * constant string so its CSP hash is stable.
 */
export function headSnippet(defaultMode: 'light' | 'dark'): string {
  return [
    '(function(){var d=document.documentElement,t,a;d.classList.add("js");',
    `try{t=localStorage.getItem(${JSON.stringify(storageKeys.colorMode)});a=localStorage.getItem(${JSON.stringify(storageKeys.announcementDismissed)})}catch(e){}`,
    `d.setAttribute("data-theme",t==="dark"||t==="light"?t:${JSON.stringify(defaultMode)});`,
    'if(a&&a===d.getAttribute("data-announcement"))d.setAttribute("data-announcement-dismissed","")})()',
  ].join('');
}
