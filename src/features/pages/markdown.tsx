// Renders a content block's Markdown as React elements (markdown-to-jsx): raw HTML in the text is shown as text,
// never parsed, so nothing from the database becomes markup; site paths navigate through the router.
import { useMemo, type ComponentProps } from 'react';
// The package's ES module build has no default export (7.7): its `compiler` is the same renderer.
import { compiler, slugify } from 'markdown-to-jsx';
import { Link } from 'wouter';

/**
 * A Markdown link: a site path ("/pages/faq") through the router, an in-page "#anchor" as is, anything else as an
 * outside link; one whose URL the sanitizer dropped (`javascript:`) is plain text.
 */
function MarkdownLink({ href, children, title }: ComponentProps<'a'>) {
  if (!href) return <>{children}</>;
  // Underlined: inside running text a link must not rely on its colour alone (WCAG 1.4.1).
  const className = 'text-decoration-underline';
  if (href.startsWith('/') && !href.startsWith('//'))
    return (
      <Link href={href} title={title} className={className}>
        {children}
      </Link>
    );
  if (href.startsWith('#'))
    return (
      <a href={href} title={title} className={className}>
        {children}
      </a>
    );
  return (
    <a href={href} title={title} className={className} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** A Markdown table in a scrolling box, so a wide table never widens a phone's page. */
function MarkdownTable(props: ComponentProps<'table'>) {
  return (
    <div className="content-table-wrap">
      <table {...props} />
    </div>
  );
}

/** The id a heading gets (`## 1. Who we are` -> "1-who-we-are"): the same rule the renderer uses, for the table of contents. */
export function headingId(text: string): string {
  return slugify(text);
}

/**
 * Markdown (CommonMark with tables) of a content block as React elements. Raw HTML is not parsed (it shows as text)
 * and the renderer's sanitizer drops `javascript:` and similar URLs.
 */
export function Markdown({ children }: { children: string }) {
  const nodes = useMemo(
    () =>
      compiler(children, {
        disableParsingRawHTML: true,
        forceBlock: true,
        wrapper: null,
        overrides: { a: MarkdownLink, table: MarkdownTable },
      }),
    [children],
  );
  return <>{nodes}</>;
}
