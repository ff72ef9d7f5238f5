// What a server-rendered page hands the app (server/page-shell.ts writes it, src/app/main.tsx reads it): the
// session the server rendered with and the answers of the calls its first screen read (docs/perf.md, "Server
// rendering"). Types and element ids only: the entry reads it before zod or the contract load.
import type { Language, Settings, User } from '../../contract/index.ts';
import type { CountryNamesSeed } from '../i18n/country-names.ts';

/** Id of the `<script type="application/json">` holding the SsrBoot of a server-rendered page. */
export const SSR_BOOT_ID = 'ssr-boot';

/**
 * Id of the `<fieldset disabled>` around a server-rendered #root: its forms and buttons stay disabled (and the root
 * inert) until the app has hydrated them, so nothing typed or clicked before is lost (src/app/app-router.tsx Unlock
 * enables it and removes the id; the fieldset, `display: contents` and `role="none"`, stays).
 */
export const SSR_LOCK_ID = 'ssr-lock';

/**
 * Attribute of the boot JSON's element: the first screen's script files beyond the entry ("/assets/a.js /assets/b.js"),
 * each after the files it imports. The entry (src/app/main.tsx) preloads them after the first contentful paint and
 * evaluates them one per task.
 */
export const MODULES_ATTRIBUTE = 'data-modules';

/** The files the MODULES_ATTRIBUTE of `element` (the boot JSON's) lists, in its order; none without it. */
export const modulesOf = (element: Element): string[] =>
  element.getAttribute(MODULES_ATTRIBUTE)?.split(' ').filter(Boolean) ?? [];

/** Attribute of an inline `<style>` of a server-rendered page: the address of the CSS file it holds ("/assets/x.css"). */
export const INLINE_CSS_ATTRIBUTE = 'data-href';

/** The session and data a page was rendered with: the app's first render must show the same. */
export interface SsrBoot {
  /** GET /api/settings.php's answer for this request (spec 7: with the page's query). */
  settings: Settings;
  /** GET /api/user.php's answer: the logged-in member, or null for a visitor. */
  user: User | null;
  /** The language the page is written in (spec 9's choice, made on the server). */
  language: Language;
  /** i18next namespaces the render used, so the page loads them before hydrating. */
  namespaces: string[];
  /** Country names and sorted lists in `language` (src/i18n/country-names.ts), so hydrating needs no Intl work. */
  countryNames: CountryNamesSeed;
  /** First answers: raw JSON of the GET calls the first screen made, by path with query (src/api/first-answers.ts). */
  answers: Record<string, unknown>;
}

/**
 * A server render's result: the HTML of #root's content, the document title its screen set (as the page shows it,
 * "Likes - Heartline"), the namespaces it used (for the page to load before hydrating) and the country names it knows.
 */
interface RenderedPage {
  html: string;
  title: string;
  namespaces: string[];
  countryNames: CountryNamesSeed;
}

/**
 * The server render (src/app/ssr-entry.tsx `renderPage`, built into dist/.ssr/ssr-entry.js): draws the page at `url`
 * (path with query, e.g. "/members?x=1") for the session and first answers of `boot`. Rejects when the render fails
 * or `signal` aborts it.
 */
export type RenderPage = (
  url: string,
  boot: Omit<SsrBoot, 'namespaces' | 'countryNames'> & RenderRequest,
  signal?: AbortSignal,
) => Promise<RenderedPage>;

/** What a render reads of its request beyond the session (not handed to the app: the browser reads it itself). */
interface RenderRequest {
  /** Whether the request carried the entry warning's acceptance cookie (src/app/entry-warning-rules.ts). */
  entryWarningAccepted: boolean;
}
