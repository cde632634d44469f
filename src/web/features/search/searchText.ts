/** The search box's texts (English; namespace `search`): the header's input and SearchBox. */
export const SEARCH_TEXT = {
  placeholder: 'Search the FAQ and docs',
} as const;
