// Entry: the styles, then the app (src/app/boot.tsx). A page the server rendered (src/app/ssr-boot.ts) is on screen
// before any script runs: the app is fetched only after its first frame, so nothing it loads delays that paint
// (docs/perf.md, "Server rendering").
import '@fontsource/open-sans/latin-400.css';
import '@fontsource/open-sans/latin-600.css';
import '@fontsource/open-sans/latin-700.css';
import '@fontsource/open-sans/latin-ext-400.css';
import '@fontsource/open-sans/latin-ext-600.css';
import '@fontsource/open-sans/latin-ext-700.css';
import '../ui/theme.scss';
import { INLINE_CSS_ATTRIBUTE, SSR_BOOT_ID } from './ssr-boot.ts';

const start = () => void import('./boot.tsx');

if (document.getElementById(SSR_BOOT_ID)) {
  // The page's CSS is inline: a disabled link per file tells Vite's chunk loader it is there (it then does not fetch
  // it again). Made here, not in the HTML, where the preload scanner would fetch them before the first paint.
  for (const style of document.querySelectorAll<HTMLStyleElement>(`style[${INLINE_CSS_ATTRIBUTE}]`)) {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: style.getAttribute(INLINE_CSS_ATTRIBUTE)!, disabled: true });
    link.crossOrigin = '';
    style.after(link);
  }
  requestAnimationFrame(() => setTimeout(start));
} else {
  start();
}
