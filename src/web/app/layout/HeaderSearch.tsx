/**
 * The header's search box (spec §9), light until used: the first screen shows a
 * plain input that looks like antd's, and antd's AutoComplete (SearchBox, its own chunk) loads
 * when the pointer comes near it, it gets the focus or is touched. What was typed meanwhile and
 * the focus carry over. Should the chunk fail to load, the header stays up without search.
 */
import { useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { SearchBoxProps } from '../../features/search/SearchBox';
import { ErrorBoundary } from '../../components/errors/ErrorBoundary';
import { useTexts } from '../../i18n/context';
import { SEARCH_TEXT } from '../../features/search/searchText';

/** Width of the search box, pixels. */
export const SEARCH_WIDTH = 212;

type SearchBoxComponent = ComponentType<SearchBoxProps>;

let loaded: SearchBoxComponent | undefined;

function loadSearchBox(): Promise<SearchBoxComponent> {
  return import(/* webpackChunkName: "search" */ '../../features/search/SearchBox').then(
    (module) => (loaded = module.default),
  );
}

/** The plain input shown until SearchBox is loaded (antd's outlined Input, middle size). */
function SearchPlaceholder({
  inputRef,
  onWanted,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onWanted: () => void;
}) {
  const { cssVar } = theme.useToken();
  const text = useTexts('search', SEARCH_TEXT);
  return (
    <span
      onPointerEnter={onWanted}
      onTouchStart={onWanted}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 4,
        boxSizing: 'border-box',
        width: SEARCH_WIDTH,
        height: 32,
        padding: '4px 11px',
        border: `1px solid ${cssVar.colorBorder}`,
        borderRadius: cssVar.borderRadius,
        background: cssVar.colorBgContainer,
        color: cssVar.colorText,
        fontSize: 14,
        lineHeight: 1.5714,
      }}
    >
      <SearchOutlined />
      <input
        ref={inputRef}
        onFocus={onWanted}
        placeholder={text.placeholder}
        aria-label={text.placeholder}
        style={{
          flex: 1,
          minWidth: 0,
          padding: 0,
          border: 'none',
          outline: 'none',
          background: 'transparent',
          font: 'inherit',
          color: 'inherit',
        }}
      />
    </span>
  );
}

/** The header search: the placeholder, then SearchBox once wanted and loaded. */
export function HeaderSearch() {
  const [SearchBox, setSearchBox] = useState<SearchBoxComponent | undefined>(() => loaded);
  const [failed, setFailed] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const handover = useRef<{ query: string; focused: boolean }>({ query: '', focused: false });
  const wanted = useRef(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const onWanted = () => {
    if (wanted.current) return;
    wanted.current = true;
    loadSearchBox().then(
      (component) => {
        if (!live.current) return;
        const input = inputRef.current;
        handover.current = {
          query: input?.value ?? '',
          focused: input !== null && document.activeElement === input,
        };
        setSearchBox(() => component);
      },
      () => live.current && setFailed(true),
    );
  };

  if (failed) return null;
  if (!SearchBox) return <SearchPlaceholder inputRef={inputRef} onWanted={onWanted} />;
  return (
    <ErrorBoundary fallback={null}>
      <SearchBox initialQuery={handover.current.query} autoFocus={handover.current.focused} />
    </ErrorBoundary>
  );
}
