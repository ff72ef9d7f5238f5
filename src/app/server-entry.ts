// The server's one entry into the page app (DESIGN: server/ imports only contract/ and this module; docs/architecture.md):
// the route table with each page's screen module and first calls, the language choice and the boot JSON's names, all
// without React or the DOM. The render itself is src/app/ssr-entry.tsx, which the server loads built
// (dist/.ssr/ssr-entry.js) by its file, typed by RenderPage.
export { ENTRY_WARNING_COOKIE } from './entry-warning-rules.ts';
export { findRoute, firstCalls, LAYOUT_MODULES, subjectOf } from './routes.ts';
export { BOOT_NAMESPACES, LANG_COOKIE, pickLanguage } from '../i18n/language.ts';
export { INLINE_CSS_ATTRIBUTE, MODULES_ATTRIBUTE, SSR_BOOT_ID, SSR_LOCK_ID, type RenderPage, type SsrBoot } from './ssr-boot.ts';
