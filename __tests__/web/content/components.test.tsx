import { act, fireEvent, screen, within } from '@testing-library/react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { renderAt } from './testUtils';
import { CodeBlock, COPIED_FEEDBACK_MS } from '../../../src/web/components/content/CodeBlock';
import { Heading } from '../../../src/web/components/content/Heading';
import { InfoPage } from '../../../src/web/components/content/InfoPage';
import { nodeText } from '../../../src/web/components/content/nodeText';
import { Toc } from '../../../src/web/components/content/Toc';
import { copyToClipboard } from '../../../src/web/components/content/clipboard';

const originalClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
const originalExecCommand = document.execCommand;

function mockClipboard(writeText: jest.Mock | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

afterEach(() => {
  if (originalClipboard) Object.defineProperty(navigator, 'clipboard', originalClipboard);
  else delete (navigator as { clipboard?: unknown }).clipboard;
  document.execCommand = originalExecCommand;
  jest.useRealTimers();
});

describe('Heading', () => {
  it('uses the slug of its title as id and links to it', () => {
    renderAt(<Heading level={3}>What are peanuts?</Heading>, '/faq');
    const heading = screen.getByRole('heading', { level: 3, name: /What are peanuts\?/ });
    expect(heading).toHaveAttribute('id', 'whatarepeanuts');
    const anchor = within(heading).getByRole('link', {
      name: 'Link to section: What are peanuts?',
    });
    expect(anchor).toHaveAttribute('href', '/faq#whatarepeanuts');
  });

  it('prefers an explicit id', () => {
    renderAt(
      <Heading level={2} id="connection">
        Connecting your device
      </Heading>,
    );
    expect(screen.getByRole('heading', { level: 2 })).toHaveAttribute('id', 'connection');
  });

  it('shows the anchor on hover and navigates to the hash when clicked', () => {
    renderAt(<Heading>Regions</Heading>, '/faq');
    const heading = screen.getByRole('heading', { level: 2 });
    const anchor = within(heading).getByRole('link');
    expect(anchor).toHaveStyle({ opacity: '0' });
    fireEvent.mouseEnter(heading);
    expect(anchor).toHaveStyle({ opacity: '1' });
    fireEvent.click(anchor);
    expect(screen.getByTestId('location')).toHaveTextContent('/faq#regions');
  });
});

function TocFixture() {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <>
      <Toc containerRef={ref} />
      <div ref={ref}>
        <Heading level={2}>About</Heading>
        <Heading level={3}>What are peanuts?</Heading>
        <h2>Not anchored</h2>
        <Heading level={2} id="connection">
          Connection
        </Heading>
      </div>
    </>
  );
}

describe('Toc', () => {
  it('lists the headings that have an id, as router links to their hash', () => {
    renderAt(<TocFixture />, '/faq');
    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'About',
      'What are peanuts?',
      'Connection',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/faq#about',
      '/faq#whatarepeanuts',
      '/faq#connection',
    ]);
    fireEvent.click(links[2]);
    expect(screen.getByTestId('location')).toHaveTextContent('/faq#connection');
  });

  it('renders nothing when no heading has an id', () => {
    function Empty() {
      const ref = useRef<HTMLDivElement>(null);
      return (
        <>
          <Toc containerRef={ref} />
          <div ref={ref}>
            <h2>Plain</h2>
          </div>
        </>
      );
    }
    renderAt(<Empty />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('CodeBlock', () => {
  it('copies with the Clipboard API and shows Copied for a while', async () => {
    jest.useFakeTimers();
    const writeText = jest.fn().mockResolvedValue(undefined);
    mockClipboard(writeText);
    renderAt(<CodeBlock>{'peanut list'}</CodeBlock>);
    expect(screen.getByText('peanut list')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    });
    expect(writeText).toHaveBeenCalledWith('peanut list');
    expect(screen.getByRole('button', { name: 'Copied' })).toHaveTextContent('Copied');
    act(() => {
      jest.advanceTimersByTime(COPIED_FEEDBACK_MS);
    });
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('falls back to a hidden textarea and execCommand', async () => {
    mockClipboard(jest.fn().mockRejectedValue(new Error('denied')));
    const execCommand = jest.fn().mockReturnValue(true);
    document.execCommand = execCommand;
    renderAt(<CodeBlock>{'peanut list-regions'}</CodeBlock>);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    });
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(document.querySelector('textarea')).toBeNull();
  });

  it("shows 'Failed to copy to clipboard' when both ways fail", async () => {
    mockClipboard(undefined);
    document.execCommand = jest.fn().mockReturnValue(false);
    renderAt(<CodeBlock>{'peanut list'}</CodeBlock>);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to copy to clipboard');
  });

  it('copyToClipboard rejects with the spec message', async () => {
    mockClipboard(undefined);
    document.execCommand = jest.fn(() => {
      throw new Error('not supported');
    });
    await expect(copyToClipboard('x')).rejects.toThrow('Failed to copy to clipboard');
  });
});

describe('nodeText', () => {
  it('reads the text of a node tree without rendering it', () => {
    const node = (
      <>
        <p>
          See the <Link to="/faq">FAQ</Link>.
        </p>
        <ul>
          <li>one</li>
          <li>{2}</li>
        </ul>
        <CodeBlock>{'peanut list'}</CodeBlock>
        {false}
        {null}
      </>
    );
    expect(nodeText(node)).toBe('See the FAQ. one 2 peanut list');
  });
});

describe('InfoPage', () => {
  it('renders the title, the sections with anchors and a table of contents', () => {
    renderAt(
      <InfoPage
        title="Guide"
        intro={<p>Intro text</p>}
        sections={[
          { title: 'First part', body: <p>One</p> },
          { title: 'Detail', level: 3, id: 'the-detail', body: <p>Two</p> },
        ]}
      />,
      '/guide',
    );
    expect(screen.getByRole('heading', { level: 1, name: /Guide/ })).toHaveAttribute('id', 'guide');
    expect(screen.getByRole('heading', { level: 2, name: /First part/ })).toHaveAttribute(
      'id',
      'firstpart',
    );
    expect(screen.getByRole('heading', { level: 3, name: /Detail/ })).toHaveAttribute(
      'id',
      'the-detail',
    );
    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['First part', 'Detail']);
  });

  it('scrolls to the heading named by the hash', () => {
    jest.useFakeTimers();
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderAt(<InfoPage title="Guide" sections={[{ title: 'Target' }]} />, '/guide#target');
    act(() => {
      jest.runOnlyPendingTimers();
    });
    expect(scrollIntoView).toHaveBeenCalled();
    expect(scrollIntoView.mock.contexts[0]).toHaveAttribute('id', 'target');
  });
});
