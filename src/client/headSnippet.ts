import { anchorPagesId } from './apiAnchorPages.ts';
import { storageKeys } from './storage.ts';

/**
 * The one render-blocking script: applies the stored colour mode and the closed announcement
 * (when its id, on `<html data-announcement>`, is the one stored) before first paint, so there is no flash. It never follows the system preference.
 * On a split API reference's overview, whose head lists the page of every anchor of its other
 * pages just before this script, it forwards an address whose anchor is on one of them
 * (`/api/#operation/<id>`, a link made when the reference was one page) to that page, the anchor
 * kept, before the overview's own content, stylesheet and scripts are loaded: the runtime did it
 * once the overview had loaded and painted (src/client/apiAnchorPages.ts still follows a later
 * change of the anchor). Kept as a constant string so its CSP hash is stable.
 */
export function headSnippet(defaultMode: 'light' | 'dark'): string {
  return [
    '(function(){var d=document.documentElement,t,a,m,h,k,p;d.classList.add("js");',
    `try{t=localStorage.getItem(${JSON.stringify(storageKeys.colorMode)});a=localStorage.getItem(${JSON.stringify(storageKeys.announcementDismissed)})}catch(e){}`,
    `d.setAttribute("data-theme",t==="dark"||t==="light"?t:${JSON.stringify(defaultMode)});`,
    'if(a&&a===d.getAttribute("data-announcement"))d.setAttribute("data-announcement-dismissed","");',
    `m=document.getElementById(${JSON.stringify(anchorPagesId)});h=location.hash;`,
    'if(m&&h.length>1){k=h.slice(1);try{k=decodeURIComponent(k)}catch(e){}',
    'try{m=JSON.parse(m.textContent);p=m.pages[m.anchors[k]]}catch(e){}',
    'if(typeof p==="string")location.replace(p+h)}})()',
  ].join('');
}
