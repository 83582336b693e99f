import type { ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/**
 * Renders AI output as styled markdown. Raw HTML inside the markdown is never rendered
 * (react-markdown escapes it unless rehype-raw is added, which we do not do).
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        components={{
          a: ExternalLink,
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}

/** Links in AI output open in a new tab and pass no referrer. */
function ExternalLink({ href, title, children }: ComponentProps<'a'>) {
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
