/**
 * The shared page parts' texts in another language (docs/languages.md): the table of contents,
 * a section heading's anchor and a code block's copy button speak the language in force (the
 * `common` namespace), the English staying the default.
 */
import { useRef } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { CodeBlock } from '../../../src/web/components/content/CodeBlock';
import { Heading } from '../../../src/web/components/content/Heading';
import { Toc } from '../../../src/web/components/content/Toc';
import { LanguageContext } from '../../../src/web/i18n/context';
import { loadLanguage } from '../../../src/web/i18n/loader';
import type { Translator } from '../../../src/web/i18n/translator';
import { renderAt } from '../content/testUtils';

/** A page with a table of contents, two headings and a code block. */
function Page() {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <>
      <Toc containerRef={ref} />
      <div ref={ref}>
        <Heading level={2} id="install">
          インストール
        </Heading>
        <CodeBlock>npm install -g peanut-vpn</CodeBlock>
      </div>
    </>
  );
}

/** Renders the page in `translator`'s language. */
function renderIn(translator?: Translator) {
  return renderAt(
    translator ? (
      <LanguageContext.Provider value={{ translator }}>
        <Page />
      </LanguageContext.Provider>
    ) : (
      <Page />
    ),
    '/doc',
  );
}

describe('the shared page parts', () => {
  it('speak the language in force', async () => {
    const { translator } = await loadLanguage('ja');
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    try {
      renderIn(translator);
      const toc = screen.getByRole('navigation', { name: '目次' });
      expect(within(toc).getByText('このページの内容')).toBeInTheDocument();
      expect(
        screen.getByRole('link', { name: 'セクションへのリンク: インストール' }),
      ).toHaveAttribute('href', '/doc#install');
      expect(screen.getByLabelText('shell のコード')).toBeInTheDocument();
      const copy = screen.getByRole('button', { name: 'コードをコピー' });
      expect(copy).toHaveTextContent('コピー');
      await act(async () => {
        fireEvent.click(copy);
      });
      expect(writeText).toHaveBeenCalledWith('npm install -g peanut-vpn');
      expect(screen.getByRole('button', { name: 'コピーしました' })).toBeInTheDocument();
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('are English by default', () => {
    renderIn();
    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    expect(within(toc).getByText('On this page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link to section: インストール' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy code' })).toHaveTextContent('Copy');
  });
});
