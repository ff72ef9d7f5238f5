// The document title: each screen names itself, the refresh service adds the badge prefix (spec 2).
import { useEffect } from 'react';
import { proxy } from 'valtio';

/** `title` is the current screen's own title (translated), or null for the site's index title. */
export const pageTitle = proxy<{ title: string | null }>({ title: null });

/**
 * Sets the screen's title while it is mounted. In the server render, where effects do not run, the title is taken
 * during the render, so the served `<title>` is the one the page then shows (src/app/ssr-entry.tsx).
 */
export function usePageTitle(title: string | null): void {
  if (import.meta.env.SSR) pageTitle.title = title;
  useEffect(() => {
    pageTitle.title = title;
    return () => {
      if (pageTitle.title === title) pageTitle.title = null;
    };
  }, [title]);
}

/** "(5) Messages - Site" when 5 things are new; the prefix is left out at 0. */
export function composeTitle(count: number, title: string | null, siteName: string): string {
  const base = title ? `${title} - ${siteName}` : siteName;
  return count > 0 ? `(${count}) ${base}` : base;
}

/**
 * The document title for screen title `title` (null: the site's index title, else its name) on site `site`, with
 * `count` new things as its prefix: "(2) Likes - Heartline", "Heartline – meet adults near you".
 */
export function documentTitle(count: number, title: string | null, site: { name: string; index_title: string } | null): string {
  const siteName = site?.name ?? '';
  return composeTitle(count, title, title ? siteName : site?.index_title || siteName);
}
