// The document title: each screen names itself, the refresh service adds the badge prefix (spec 2).
import { useEffect } from 'react';
import { proxy } from 'valtio';

/** `title` is the current screen's own title (translated), or null for the site's index title. */
export const pageTitle = proxy<{ title: string | null }>({ title: null });

/** Sets the screen's title while it is mounted. */
export function usePageTitle(title: string | null): void {
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
