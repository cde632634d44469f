import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AutoComplete, Input, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from '../../../core/constants';
import { useTexts, useTranslator } from '../../i18n/context';
import type { Translator } from '../../i18n/translator';
import { entryHref, searchEntries, type SearchEntry } from './search';
import { SEARCH_TEXT } from './searchText';

/** Props of {@link SearchBox}. */
export interface SearchBoxProps {
  /** The text already typed (in the header's placeholder input), default empty. */
  initialQuery?: string;
  /** Focus the input on mount (the placeholder had the focus). */
  autoFocus?: boolean;
}

/**
 * Header search over the FAQ and docs (spec §9), in the language shown. The index is loaded on
 * first focus; results are computed SEARCH_DEBOUNCE_MS after the last keystroke; choosing one
 * navigates to its section.
 */
export default function SearchBox({ initialQuery = '', autoFocus = false }: SearchBoxProps) {
  const navigate = useNavigate();
  const text = useTexts('search', SEARCH_TEXT);
  const [query, setQuery] = useState(initialQuery);
  const translator = useTranslator();
  // The index is made in the language shown, again when it changes.
  const [makeIndex, setMakeIndex] = useState<
    ((translator: Translator) => readonly SearchEntry[]) | null
  >(null);
  const index = useMemo(() => makeIndex?.(translator) ?? null, [makeIndex, translator]);
  const [results, setResults] = useState<SearchEntry[]>([]);
  const loading = useRef(false);

  const loadIndex = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    import('./searchIndex')
      .then((module) => setMakeIndex(() => module.searchIndexIn))
      .catch(() => {
        loading.current = false; // Try again on the next focus.
      });
  }, []);

  // Focused on mount (autoFocus), the index loads as on a focus.
  useEffect(() => {
    if (autoFocus) loadIndex();
  }, [autoFocus, loadIndex]);

  useEffect(() => {
    if (!index) return;
    const timer = setTimeout(() => setResults(searchEntries(index, query)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [index, query]);

  const onSelect = (href: string) => {
    setQuery('');
    setResults([]);
    navigate(href);
  };

  return (
    <AutoComplete
      autoFocus={autoFocus}
      // Text typed in the header's placeholder shows its results as soon as they are ready.
      defaultOpen={autoFocus && initialQuery !== ''}
      value={query}
      onChange={setQuery}
      onSelect={onSelect}
      onFocus={loadIndex}
      filterOption={false}
      virtual={false}
      popupMatchSelectWidth={360}
      style={{ width: 240 }}
      options={results.map((entry) => ({
        value: entryHref(entry),
        label: (
          <div>
            <div>{entry.title}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {entry.page}
            </Typography.Text>
          </div>
        ),
      }))}
    >
      <Input
        prefix={<SearchOutlined />}
        placeholder={text.placeholder}
        aria-label={text.placeholder}
        allowClear
      />
    </AutoComplete>
  );
}
