import { useTranslation } from 'react-i18next';
import type { ContentBlock } from '../../../contract/index.ts';
import { formatLongDate } from '../../i18n/long-date.ts';
import { headingId, Markdown } from './markdown.tsx';

/** Long texts (this many `## ` sections or more, and this many characters) get a table of contents. */
const TOC_MIN_SECTIONS = 4;
const TOC_MIN_CHARS = 3000;

/** The `## ` headings of `markdown` (outside code blocks), as shown: the table of contents of a long text. */
function sectionHeadings(markdown: string): string[] {
  let fenced = false;
  const headings: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && line.startsWith('## ')) headings.push(line.slice(3).trim());
  }
  return headings;
}

/**
 * One content block as an article: its title, the version date of a legal text (spec 9), a table of contents for
 * long texts and the rendered Markdown. `lang` is the block's own language (English when the page's has none).
 */
export function ContentArticle({ block }: { block: ContentBlock }) {
  const { t, i18n } = useTranslation('pages');
  const sections = sectionHeadings(block.markdown);
  return (
    <article className="content-article" lang={block.language}>
      <h1 className="h3 fw-bold mb-2">{block.title}</h1>
      {block.version_date && (
        <p className="text-body-secondary small">
          {t('version')} <time dateTime={block.version_date}>{formatLongDate(new Date(block.version_date), i18n.language)}</time>
        </p>
      )}
      {sections.length >= TOC_MIN_SECTIONS && block.markdown.length >= TOC_MIN_CHARS && (
        <nav className="content-toc" aria-labelledby="content-toc-heading">
          <h2 id="content-toc-heading" className="h6 fw-bold">
            {t('toc')}
          </h2>
          <ul>
            {sections.map((s) => (
              <li key={s}>
                <a href={`#${headingId(s)}`}>{s}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="content-body">
        <Markdown>{block.markdown}</Markdown>
      </div>
    </article>
  );
}
